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
// Node 20 has no such cache and compiles every time.
module.enableCompileCache?.();
// V8 considers optimizing a function (on its helper threads) each time it has run this much bytecode; the default
// suits long-running programs. A build runs for seconds through a great deal of code that is hot
// only briefly: with V8's default, optimizing took as much CPU as the build's own thread (a cold
// build of this site on Node 20: 2.8 s of V8's helper threads, 6.0 s of CPU in all, on 2 cores).
// 400,000 bytes (Node 20's default is 67,584) leaves that to the code that stays hot: 1.3 s of
// helpers, 4.6 s in all, the build's own thread no slower. It changes only when code is
// optimized, never what it does.
v8.setFlagsFromString('--interrupt-budget=400000');
const { main } = await import(entry.href);
process.exitCode = await main(process.argv);
