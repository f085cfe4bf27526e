// Transpiles the TypeScript sources (generator/, templates/, test/) into dist/ with esbuild, file for file.
// Type checking is `npm run typecheck`; this step only strips types, so it takes well under a second.
import { build } from 'esbuild';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const roots = ['generator', 'templates', 'test'];
const skip = new Set(['fixtures', 'consumer', 'node_modules']);

function collect(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.has(entry.name)) collect(path, out);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
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
