#!/usr/bin/env node
// The CLI lives in dist/ (transpiled and bundled by `npm ci`'s prepare step); this shim only finds it.
import { existsSync } from 'node:fs';
import module from 'node:module';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/bundle/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write(
    'specsite: the CLI is not compiled yet; run `npm ci` (or `npm run compile`) in the specsite folder first.\n',
  );
  process.exit(2);
}
// React's development build checks every render and is several times slower; a site build is production.
process.env.NODE_ENV ??= 'production';
// Node 22.1 and later keep V8's compiled code of specsite and its dependencies between runs (in
// the system's temporary folder; it holds no site data and never changes the output;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off): about half a second of a cold build on Node 24.
// Node 20 has no such cache: it runs the CLI as one script with a code cache of specsite's own
// (bin/code-cache.js, below).
module.enableCompileCache?.();
// V8 considers optimizing a function (on its helper threads) each time it has run this much
// bytecode; the default suits long-running programs. A build runs for seconds through a great deal of
// code that is hot only briefly: with Node 20's default (67,584), optimizing took as much CPU as the
// build's own thread (this site's cold build on 2 cores: 2.8 s of V8's helper threads). With
// 400,000 less is optimized: the build's own thread runs some code a little slower, but the CPU in
// all goes from 5.9 to 4.8 s and the wall time from 3.46 to 3.25 s (medians of 6). It changes only
// when code is optimized, never what it does. Only Node 20's V8 has this flag: later ones tier up
// through Maglev by other counters, and print an error for a flag they do not know.
if (process.versions.node.split('.')[0] === '20') v8.setFlagsFromString('--interrupt-budget=400000');
// @readme/httpsnippet, which writes the Python, Go and Java samples, parses each sample's URL with
// url.parse; from Node 24 that prints a deprecation warning at every build, about code the user can
// neither see nor change. Only that one is dropped: every other warning is printed as Node prints it.
const emitWarning = process.emitWarning;
process.emitWarning = function (warning, ...rest) {
  const code = typeof rest[0] === 'object' && rest[0] !== null ? rest[0].code : rest[1];
  if (code === 'DEP0169') return;
  return emitWarning.call(this, warning, ...rest);
};
// Node 20 runs the commands that build (those CI runs, and an edit's rebuild) from the same CLI
// bundled as one CommonJS script, with V8's compiled code kept between runs; the cache is written
// after a run that succeeded. Otherwise (NODE_DISABLE_COMPILE_CACHE=1, Node 22 and later, the
// servers, and options before the command), the ES modules: the script may import only the packages
// its compile step knows of (see scripts/compile.mjs).
const script = fileURLToPath(new URL('../dist/bundle/cli/main.cjs', import.meta.url));
// A build that will most likely find its output up to date loads little of specsite: the ES modules
// are quicker for it than the whole cache (bin/output-looks-current.js).
const withCodeCache =
  !module.enableCompileCache &&
  !process.env.NODE_DISABLE_COMPILE_CACHE &&
  ['build', 'validate', 'types'].includes(process.argv[2]) &&
  existsSync(script) &&
  !(process.argv[2] === 'build' && (await import('./output-looks-current.js')).outputLooksCurrent(process.argv));
// The packages the script leaves to Node (TypeScript, Ajv, swagger-parser...) keep theirs too.
const packages = withCodeCache
  ? (await import('./code-cache-packages.js')).cachePackages([process.argv[2]])
  : undefined;
const loaded = withCodeCache
  ? (await import('./code-cache.js')).loadWithCodeCache(script, [process.argv[2]])
  : undefined;
const { main } = loaded?.exports ?? (await import(entry.href));
process.exitCode = await main(process.argv);
if (process.exitCode === 0) {
  loaded?.save(process.argv[2]);
  packages?.save(process.argv[2]);
}
