#!/usr/bin/env node
// The CLI lives in dist/ (transpiled and bundled by `npm ci`'s prepare step); this shim only finds it.
import { existsSync } from 'node:fs';
import module from 'node:module';
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
const { main } = await import(entry.href);
process.exitCode = await main(process.argv);
