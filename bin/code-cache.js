// Node 20's stand-in for module.enableCompileCache (Node 22.1 and later): the CLI as one CommonJS
// script (dist/bundle/cli/main.cjs), compiled through vm.Script with the code V8 kept from an earlier
// run. V8 keeps compiled code only for scripts, not for ES modules, and only what has been compiled
// when it is asked: so the cache is made after a successful run, with every function that run
// compiled, not just the top level. Nothing here can change what the CLI does: a missing, foreign,
// stale or damaged cache only means compiling as without one.
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getHeapCodeStatistics } from 'node:v8';
import vm from 'node:vm';
import { threadId } from 'node:worker_threads';

// The cache file: this header, the SHA-256 of the rest, the size of the run's bytecode when it was
// written (4 bytes), then V8's payload. V8 checks its own header (its version, its flags, the
// source's length) but not the payload's bytes in a release build, so a damaged file is caught here
// before V8 reads it.
const MAGIC = Buffer.from('specsite-code-cache-2\n');
const DIGEST = 32;
const SIZE = 4;
// A run that ends with this much more bytecode than the run that wrote the cache it used compiled
// what the cache lacks (`build --help` first, say, then a whole build): it writes the cache anew.
const GREW = 1.5;

/**
 * Runs the CommonJS bundle at `file` with the first of its caches named `names` that there is (one
 * command compiles other functions than another: each keeps its own), and returns its exports, the
 * name of the cache V8 took (`fromCache`, undefined if none), and `save(name)` to call after a run
 * that succeeded: it writes that cache, unless V8 took it.
 */
export function loadWithCodeCache(file, names) {
  // esbuild writes the bundle in ASCII (its default charset): read as Latin-1 it is the same text,
  // which V8 keeps as a one-byte string, without decoding UTF-8.
  const bytes = readFileSync(file);
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const dir = cacheDir();
  const digest = dir === undefined ? undefined : createHash('sha256').update(bytes).digest('hex');
  const paths = new Map(names.map((name) => [name, digest === undefined ? undefined : cacheFile(dir, digest, name)]));
  let [name, cache] = [undefined, undefined];
  for (const [candidate, path] of paths) {
    cache = path === undefined ? undefined : readCache(path);
    name = candidate;
    if (cache !== undefined) break;
  }
  const cachedData = cache?.data;
  // The function around the code is CommonJS's, with the script's own URL (import.meta.url in the
  // sources) and an ES module's import() for the packages the bundle leaves to Node (grammars,
  // React's server renderer...: see scripts/compile.mjs). On the bundle's first line, so that line
  // numbers (and the source map's) hold, and before its "use strict", which then holds for all of
  // it as in the ES modules.
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname, __specsiteUrl, __specsiteImport) {${source}\n})`,
    {
      filename: file,
      cachedData,
    },
  );
  const module = { exports: {} };
  script.runInThisContext()(
    module.exports,
    createRequire(file),
    module,
    file,
    dirname(file),
    pathToFileURL(file).href,
    importPackage,
  );
  const fromCache = cachedData !== undefined && script.cachedDataRejected === false ? name : undefined;
  return {
    exports: module.exports,
    fromCache,
    save: (name) => {
      const path = paths.get(name);
      if (path === undefined) return;
      if (name !== fromCache || bytecodeSize() > GREW * cache.bytecode) writeCache(path, script);
    },
  };
}

// From bin/, a package resolves as from dist/bundle/cli/: in this package's node_modules or above.
const importPackage = (specifier) => import(specifier);

/** Where the cache `name` of the script whose SHA-256 is `digest` is, for this Node and these flags. */
export function cacheFile(dir, digest, name) {
  const key = createHash('sha256')
    .update(
      JSON.stringify([digest, process.version, process.arch, process.execArgv, process.env.NODE_OPTIONS ?? '', name]),
    )
    .digest('hex');
  return join(dir, `${key.slice(0, 32)}.bin`);
}

/**
 * A folder of this user's under the system's temporary folder, as Node's own compile cache: made
 * private (0700), and used only if it is a real folder that this user owns and no one else may write.
 * None when NODE_DISABLE_COMPILE_CACHE=1 turns the cache off, as it does Node's own.
 */
export function cacheDir() {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const uid = process.getuid?.();
  const dir = join(tmpdir(), uid === undefined ? 'specsite-compile-cache' : `specsite-compile-cache-${uid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    if (!stat.isDirectory()) return undefined;
    if (uid !== undefined && (stat.uid !== uid || (stat.mode & 0o077) !== 0)) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

const bytecodeSize = () => getHeapCodeStatistics().bytecode_and_metadata_size;

/** V8's payload and the bytecode size of the run that wrote it, or undefined if the file is not whole. */
export function readCache(path) {
  try {
    const file = readFileSync(path);
    const start = MAGIC.length + DIGEST;
    if (file.length <= start + SIZE || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    const rest = file.subarray(start);
    const digest = createHash('sha256').update(rest).digest();
    if (!digest.equals(file.subarray(MAGIC.length, start))) return undefined;
    return { bytecode: rest.readUInt32BE(0), data: rest.subarray(SIZE) };
  } catch {
    return undefined;
  }
}

/**
 * Written beside and renamed over: a build running at the same time reads the old file or the new.
 * The temporary file is this thread's own (a build's two threads may write the same cache at once).
 * `bytecode` is what the run had compiled (see GREW).
 */
export function writeCache(path, script, bytecode = bytecodeSize()) {
  const temporary = `${path}.${process.pid}-${threadId}.tmp`;
  try {
    const size = Buffer.alloc(SIZE);
    size.writeUInt32BE(Math.min(bytecode, 0xffffffff));
    const payload = script.createCachedData();
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, MAGIC);
      writeSync(fd, createHash('sha256').update(size).update(payload).digest());
      writeSync(fd, size);
      writeSync(fd, payload);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch {
    rmSync(temporary, { force: true });
  }
}
