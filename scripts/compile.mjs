// Transpiles the TypeScript sources (generator/, templates/, test/) into dist/ with esbuild, file for file.
// Type checking is `npm run typecheck`; this step only strips types, so it takes well under a second.
// It also bundles the client (dist/client-bundles.json), which is specsite's own code, the same for
// every site: builds use it while templates/ is unchanged instead of running esbuild each time; and
// it has Ajv generate the validators of the OpenAPI schemas (dist/oas-validators/), which every
// cold build and `validate` would otherwise compile.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const roots = ['generator', 'templates', 'test'];
const skip = new Set(['fixtures', 'consumer', 'node_modules']);

function collect(dir, out, pattern = /\.tsx?$/) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.has(entry.name)) collect(path, out, pattern);
    } else if (pattern.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

const entryPoints = roots.filter((root) => existsSync(root)).flatMap((root) => collect(root, []));
rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints,
  outdir: 'dist',
  outbase: '.',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  jsx: 'automatic',
  logLevel: 'warning',
});

// The build cache's key for "this code": the generator's and templates' sources and the installed
// dependencies. Any change to them invalidates every cached entry (see generator/cache/store.ts).
const fingerprint = createHash('sha256');
for (const file of [...collect('generator', [], /./), ...collect('templates', [], /./), 'package.json', 'package-lock.json'].sort()) {
  if (existsSync(file)) fingerprint.update(file).update('\0').update(readFileSync(file)).update('\0');
}
writeFileSync('dist/fingerprint.txt', `${fingerprint.digest('hex')}\n`);

const { prebuildClient } = await import('../dist/generator/client/build.js');
await prebuildClient();

const { writeOasValidators } = await import('../dist/generator/contracts/oas-schema.js');
await writeOasValidators();
