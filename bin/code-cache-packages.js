// Node 20's code cache for the packages the CommonJS bundle leaves to Node (TypeScript, Ajv,
// swagger-parser, openapi-typescript's CommonJS build...: see scripts/compile.mjs): each file that
// Node's require compiles from this package's node_modules is compiled as Node would, but through
// vm.Script with the code V8 kept for it from an earlier run; a file of its own each, read only when
// that file is loaded, so a run reads the caches of what it loads and no more. As for the bundle
// (code-cache.js): a missing, foreign, stale or damaged cache only means compiling as without one.
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { cacheDir, cacheFile, readCache, writeCache } from './code-cache.js';

const none = { save: () => {} };

/**
 * Has every later require of a file under node_modules take its code cache, the first of `names`
 * there is (as loadWithCodeCache does), and returns `save(name)`, to call after a run that
 * succeeded: it writes the cache of each file compiled so, unless V8 took that one.
 */
export function cachePackages(names) {
  const dir = cacheDir();
  // Node maps stack traces through the packages' source maps itself when asked to; left to it.
  if (dir === undefined || process.sourceMapsEnabled) return none;
  const root = packagesFolder();
  if (root === undefined) return none;
  const compiled = [];
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename, ...rest) {
    // Node's own arguments beyond these (an ES module to load instead, in later versions) are Node's.
    const mine = filename.startsWith(root) && rest.every((more) => more === undefined || more === false);
    const entry = mine ? compileCached(dir, names, content, filename) : undefined;
    if (entry !== undefined) compiled.push(entry);
    if (entry?.wrapper === undefined) return compile.call(this, content, filename, ...rest);
    return entry.wrapper.call(this.exports, this.exports, requireOf(this), this, filename, dirname(filename));
  };
  return {
    save: (name) => {
      // Each file once: a thread saves at each task it answers, for what that task loaded.
      for (const entry of compiled.splice(0)) {
        const path = entry.paths.get(name);
        if (path === undefined) continue;
        // A file that may call import() is compiled by Node until it is known not to: then a first
        // cache, of its top level, marked (SEED) to be written anew by the next run that takes it.
        if (entry.script === undefined) {
          if (!importsDynamically(entry.source)) writeCache(path, compileWrapped(entry.source, entry.filename), SEED);
        } else if (name !== entry.fromCache || entry.cache.bytecode === SEED) {
          writeCache(path, entry.script, WHOLE);
        }
      }
    },
  };
}

/**
 * What a package file's cache says of the run that wrote it, in the place where the bundle's has its
 * bytecode size (GREW in code-cache.js): not measured here, as V8 walks its whole heap for it (1.3
 * GB in GitHub's build, and a thread saves at many tasks); a file's cache is written once, after the
 * run or task that first loaded it.
 */
const [SEED, WHOLE] = [0, 1];

/** This package's node_modules, as Node names the files in it (their real paths). */
function packagesFolder() {
  try {
    return realpathSync(fileURLToPath(new URL('../node_modules', import.meta.url))) + sep;
  } catch {
    return undefined;
  }
}

/**
 * The file compiled with its code cache, or undefined where Node had better compile it itself: a
 * file that starts with `#!`, or that V8 will not compile as a script (Node then says why, as it
 * would). A file that may call import() and has no cache yet is left to Node too, but its `source`
 * is kept, to be looked at if the run succeeds.
 */
function compileCached(dir, names, content, filename) {
  if (content.startsWith('#!')) return undefined;
  const digest = createHash('sha256').update(filename).update('\0').update(content).digest('hex');
  const paths = new Map(names.map((name) => [name, cacheFile(dir, digest, name)]));
  let [name, cache] = [undefined, undefined];
  for (const [candidate, path] of paths) {
    [name, cache] = [candidate, readCache(path)];
    if (cache !== undefined) break;
  }
  if (cache === undefined && MAY_IMPORT.test(content)) return { paths, source: content, filename };
  try {
    const script = compileWrapped(content, filename, cache?.data);
    const fromCache = cache !== undefined && script.cachedDataRejected === false ? name : undefined;
    return { script, paths, cache, fromCache, wrapper: script.runInThisContext() };
  } catch {
    return undefined;
  }
}

/**
 * The function around the code that Node's loader gives a CommonJS module, on a line of its own
 * before the file's first, so that lines and columns in stack traces are the file's.
 */
const compileWrapped = (content, filename, cachedData) =>
  new vm.Script(`(function (exports, require, module, __filename, __dirname) {\n${content}\n})`, {
    filename,
    lineOffset: -1,
    cachedData,
  });

const MAY_IMPORT = /\bimport\s*\(/;

/** The `require` that Node's loader gives `module` (lib/internal/modules/helpers.js, makeRequireFunction). */
function requireOf(module) {
  const require = (id) => module.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, module, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, module);
  require.main = process.mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}

/**
 * Whether the code of a file that holds `import(` calls import(). Node 20's V8 loses a script's way
 * of importing when its code comes from a cache ("A dynamic import callback was not specified"), and
 * vm.Script's own way is an experimental feature that prints a warning: such a file is left to Node.
 * The few files that hold the word (TypeScript, in its messages) are parsed once, after a run, by
 * acorn (MDX's parser); a file it cannot parse, or no acorn, means no cache.
 */
function importsDynamically(source) {
  try {
    const acorn = createRequire(import.meta.url)('acorn');
    let [calls, previous] = [false, undefined];
    acorn.parse(source, {
      ecmaVersion: 'latest',
      sourceType: 'script',
      allowReturnOutsideFunction: true,
      onToken: (token) => {
        if (previous?.type === acorn.tokTypes._import && token.type === acorn.tokTypes.parenL) calls = true;
        previous = token;
      },
    });
    return calls;
  } catch {
    return true;
  }
}
