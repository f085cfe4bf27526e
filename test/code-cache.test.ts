import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFile, chmod, cp, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import module from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { CLI, ROOT, runBin, tempDir, type Run } from './helpers.js';
import { snapshot } from './hostile-output-helpers.js';

// Node 20's code cache (bin/code-cache.js): the CLI run from its CommonJS bundle with V8's compiled
// code kept in a private folder under the system's temporary folder. Each test gives the CLI a
// temporary folder of its own (TMPDIR), so the cache it finds is the one the test made.

const SITE = join(ROOT, 'test/fixtures/markdown-site/site-config.yaml');
// This project's own site: large enough for the build to start its second thread.
const REAL_SITE = join(ROOT, 'site-config.yaml');
const LOADER = join(ROOT, 'bin/code-cache.js');
// Node 22.1 and later keep compiled code themselves: the bin then uses Node's cache, not this one.
const OWN_CACHE = typeof (module as { enableCompileCache?: unknown }).enableCompileCache !== 'function';
const uid = process.getuid?.();
// The test runner (scripts/test.mjs) asks Node for source-mapped stack traces, which leaves the
// packages' files to Node (see bin/code-cache-packages.js); a user's run does not.
const USER_NODE_OPTIONS = (process.env.NODE_OPTIONS ?? '')
  .split(' ')
  .filter((option) => option !== '--enable-source-maps')
  .join(' ');
const folderIn = (tmp: string): string =>
  join(tmp, uid === undefined ? 'specsite-compile-cache' : `specsite-compile-cache-${uid}`);

async function build(tmp: string, out: string, env: Record<string, string> = {}, site = SITE): Promise<Run> {
  const run = await runBin(CLI, ['build', '--no-cache', '--config', site, '--out', out], ROOT, {
    env: { TMPDIR: tmp, NODE_OPTIONS: USER_NODE_OPTIONS, ...env },
  });
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.equal(run.stderr, '');
  return run;
}

/** The site a build wrote, but its report (whose timings differ by nature). */
async function output(out: string): Promise<Map<string, string>> {
  const files = await snapshot(out);
  files.delete('build-report.json');
  return files;
}

/** Each cache file's bytes, by name. */
async function cacheFiles(tmp: string): Promise<Map<string, Buffer>> {
  const dir = folderIn(tmp);
  const names = await readdir(dir).catch(() => []);
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name))] as const)));
}

/** Loads a small CommonJS script through the loader twice, each in a process of its own: whether V8 took each from the cache. */
async function loadTwice(tmp: string): Promise<boolean[]> {
  const script = join(tmp, 'script.cjs');
  await writeFile(script, 'module.exports = { twice: (n) => 2 * n };\n');
  const code = `import { loadWithCodeCache } from ${JSON.stringify(LOADER)};
const loaded = loadWithCodeCache(${JSON.stringify(script)}, ['test']);
if (loaded.exports.twice(21) !== 42) process.exit(3);
loaded.save('test');
process.stdout.write(String(loaded.fromCache === 'test'));`;
  const load = (): boolean =>
    execFileSync(process.execPath, ['--input-type=module', '-e', code], {
      env: { ...process.env, TMPDIR: tmp, NODE_OPTIONS: USER_NODE_OPTIONS },
    })
      .toString()
      .trim() === 'true';
  return [load(), load()];
}

const PACKAGES = join(ROOT, 'bin/code-cache-packages.js');

/**
 * Requires semver, or TypeScript (whose file holds the word import(), in its messages), with the
 * packages' cache, in a process of its own: whether it works, and where its main file's cache is.
 */
async function requirePackage(tmp: string, name: 'semver' | 'typescript'): Promise<{ ok: boolean; path: string }> {
  const code = `import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cachePackages } from ${JSON.stringify(PACKAGES)};
import { cacheDir, cacheFile } from ${JSON.stringify(LOADER)};
const packages = cachePackages(['test']);
const require = createRequire(${JSON.stringify(CLI)});
const ok = ${JSON.stringify(name)} === 'semver'
  ? require('semver').satisfies('1.2.3', '^1.0.0')
  : require('typescript').transpileModule('let x: number = 1;', {}).outputText.trim() === 'var x = 1;';
packages.save('test');
const where = (name) => {
  const file = realpathSync(require.resolve(name));
  const digest = createHash('sha256').update(file).update('\\0').update(readFileSync(file, 'utf8')).digest('hex');
  return cacheFile(cacheDir(), digest, 'test');
};
process.stdout.write(JSON.stringify({ ok, path: where(${JSON.stringify(name)}) }));`;
  const run = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
    env: { ...process.env, TMPDIR: tmp, NODE_OPTIONS: USER_NODE_OPTIONS },
  });
  return JSON.parse(run.toString()) as { ok: boolean; path: string };
}

const readOrNone = (path: string): Promise<Buffer | undefined> => readFile(path).catch(() => undefined);

/** A cache with a byte of V8's payload changed (its checksum then fails). */
function damage(good: Buffer): Buffer {
  const damaged = Buffer.from(good);
  const at = damaged.length - 100;
  damaged.writeUInt8(damaged.readUInt8(at) ^ 0xff, at);
  return damaged;
}

describe("Node 20's code cache", () => {
  test('a script is compiled from the cache its first run left, in a folder only this user may use', async () => {
    const tmp = await tempDir('code-cache-loader');
    assert.deepEqual(await loadTwice(tmp), [false, true]);
    if (uid !== undefined) assert.equal((await stat(folderIn(tmp))).mode & 0o777, 0o700);
  });

  test('a build leaves the cache, and builds from it the same site', async () => {
    const tmp = await tempDir('code-cache-build');
    await build(tmp, join(tmp, 'first'), {}, REAL_SITE);
    const made = await cacheFiles(tmp);
    if (!OWN_CACHE) return assert.equal(made.size, 0, 'Node keeps the compiled code itself');
    // The CLI's and its second thread's (of what loading it compiled, and after its first task),
    // and one for each file of a package that the script leaves to Node (TypeScript, Ajv...).
    assert.ok(made.size > 3 + 100, [...made.keys()].join(' '));
    await build(tmp, join(tmp, 'second'), {}, REAL_SITE);
    assert.deepEqual(await output(join(tmp, 'second')), await output(join(tmp, 'first')));
    // TypeScript's first cache, of its top level alone (it holds the word import(), so it was looked
    // at after the first run), is written anew with all the second compiled, and so are those of a
    // run that compiled much less (see GREW); then each is taken by V8, so not written again.
    const second = await cacheFiles(tmp);
    assert.deepEqual([...second.keys()].sort(), [...made.keys()].sort());
    await build(tmp, join(tmp, 'third'), {}, REAL_SITE);
    assert.deepEqual(await output(join(tmp, 'third')), await output(join(tmp, 'first')));
    assert.deepEqual(await cacheFiles(tmp), second);
  });

  test("a package's file is compiled from the cache an earlier run left; a damaged or foreign one is passed over", async () => {
    const tmp = await tempDir('code-cache-packages');
    const { ok, path } = await requirePackage(tmp, 'semver');
    assert.ok(ok);
    const first = await readOrNone(path);
    if (!OWN_CACHE) return assert.equal(first, undefined, 'Node keeps the compiled code itself');
    assert.ok(first !== undefined, 'no cache written');
    // Taken by V8, so not written again.
    assert.ok((await requirePackage(tmp, 'semver')).ok);
    assert.deepEqual(await readOrNone(path), first);
    // A byte of V8's payload changed; another file's cache, its checksum right: each is compiled as
    // without it, and written anew.
    const damaged = damage(first);
    // TypeScript's whole cache, from its second run (see below).
    await requirePackage(tmp, 'typescript');
    const foreign = await readOrNone((await requirePackage(tmp, 'typescript')).path);
    assert.ok(foreign !== undefined);
    for (const bad of [damaged, foreign, Buffer.from('not a cache')]) {
      await writeFile(path, bad);
      assert.ok((await requirePackage(tmp, 'semver')).ok);
      const rewritten = await readOrNone(path);
      assert.ok(rewritten !== undefined && !rewritten.equals(bad), 'not written anew');
      assert.ok((await requirePackage(tmp, 'semver')).ok);
      assert.deepEqual(await readOrNone(path), rewritten, 'not taken');
    }
  });

  test('a file that holds the word import() gets a first cache of its top level once looked at, then the whole', async () => {
    const tmp = await tempDir('code-cache-import');
    const { ok, path } = await requirePackage(tmp, 'typescript');
    assert.ok(ok);
    const top = await readOrNone(path);
    if (!OWN_CACHE) return assert.equal(top, undefined, 'Node keeps the compiled code itself');
    assert.ok(top !== undefined, 'no cache written');
    assert.ok((await requirePackage(tmp, 'typescript')).ok);
    const whole = await readOrNone(path);
    assert.ok(whole !== undefined && whole.length > top.length, 'not written anew');
    assert.ok((await requirePackage(tmp, 'typescript')).ok);
    assert.deepEqual(await readOrNone(path), whole);
  });

  test('a damaged or foreign cache is passed over: the build is the same, and the cache written anew', async () => {
    const tmp = await tempDir('code-cache-damaged');
    await build(tmp, join(tmp, 'first'));
    const made = await cacheFiles(tmp);
    if (!OWN_CACHE) return assert.equal(made.size, 0, 'Node keeps the compiled code itself');
    // The CLI's, and those of the packages' files it leaves to Node: every one of them made bad.
    assert.ok(made.size > 1, [...made.keys()].join(' '));
    // A cache made for another script, its checksum right: V8 itself refuses it.
    const other = await tempDir('code-cache-foreign');
    await loadTwice(other);
    const [foreign] = (await cacheFiles(other)).values();
    assert.ok(foreign);
    const cases = [damage, () => foreign, () => Buffer.from('not a cache')];
    for (const [i, bad] of cases.entries()) {
      for (const [name, good] of made) await writeFile(join(folderIn(tmp), name), bad(good));
      await build(tmp, join(tmp, `again-${i}`));
      assert.deepEqual(await output(join(tmp, `again-${i}`)), await output(join(tmp, 'first')));
      const rewritten = await cacheFiles(tmp);
      for (const [name, good] of made) {
        const file = rewritten.get(name);
        assert.ok(file !== undefined && !file.equals(bad(good)), `case ${i}: ${name} not written anew`);
        assert.ok(file.subarray(0, 22).equals(good.subarray(0, 22)));
      }
    }
  });

  test('a cache from a run that compiled little is written anew by one that compiles much more, then kept', async () => {
    const tmp = await tempDir('code-cache-grows');
    const help = await runBin(CLI, ['build', '--help'], ROOT, {
      env: { TMPDIR: tmp, NODE_OPTIONS: USER_NODE_OPTIONS },
    });
    assert.equal(help.code, 0, help.stderr);
    const small = await cacheFiles(tmp);
    if (!OWN_CACHE) return assert.equal(small.size, 0, 'Node keeps the compiled code itself');
    const [name, first] = [...small][0] ?? [];
    assert.ok(small.size === 1 && name !== undefined && first !== undefined, [...small.keys()].join(' '));
    await build(tmp, join(tmp, 'first'));
    const grown = (await cacheFiles(tmp)).get(name);
    assert.ok(grown !== undefined && grown.length > first.length, 'not written anew');
    await build(tmp, join(tmp, 'second'));
    assert.deepEqual((await cacheFiles(tmp)).get(name), grown);
  });

  test("a build whose output looks current by its inputs' times loads as ES modules; one after an edit, from the cache", async () => {
    const { outputLooksCurrent } = (await import(pathToFileURL(join(ROOT, 'bin/output-looks-current.js')).href)) as {
      outputLooksCurrent: (argv: readonly string[]) => boolean;
    };
    const tmp = await tempDir('code-cache-current');
    await cp(dirname(SITE), join(tmp, 'site'), { recursive: true });
    const config = join(tmp, 'site', 'site-config.yaml');
    const out = join(tmp, 'out');
    const argv = (...args: string[]): string[] => [process.execPath, CLI, 'build', '--config', config, ...args];
    assert.equal(outputLooksCurrent(argv('--out', out)), false, 'no output yet');
    const first = await runBin(CLI, ['build', '--config', config, '--out', out], ROOT, {
      env: { TMPDIR: tmp, NODE_OPTIONS: USER_NODE_OPTIONS },
    });
    assert.equal(first.code, 0, first.stdout);
    assert.equal(outputLooksCurrent(argv('--out', out)), true);
    assert.equal(outputLooksCurrent(argv(`--out=${out}`)), true);
    assert.equal(
      outputLooksCurrent(argv('--out', out, '--no-cache')),
      false,
      'a build without the cache always builds',
    );
    assert.equal(outputLooksCurrent(argv('--out', out, '--help')), false, 'help is no build');
    assert.equal(outputLooksCurrent(argv('--out', join(tmp, 'elsewhere'))), false);
    // An edit inside a folder the build read: the folder's own times do not change, the page's do.
    const page = (await readdir(join(tmp, 'site', 'content', 'docs'))).find((name) => name.endsWith('.mdx'));
    assert.ok(page !== undefined);
    await new Promise((wait) => setTimeout(wait, 20));
    await appendFile(join(tmp, 'site', 'content', 'docs', page), '\nEdited.\n');
    assert.equal(outputLooksCurrent(argv('--out', out)), false, 'an edited page');

    // The report is the output folder's, which a pull request may have written: a path out of the
    // project, or a report that is a link to another, is no reason to look further.
    const outside = join(tmp, 'outside');
    await mkdir(outside);
    const forged = join(tmp, 'forged');
    await mkdir(forged);
    await new Promise((wait) => setTimeout(wait, 20));
    await writeFile(join(forged, 'build-report.json'), JSON.stringify({ inputs: { paths: ['../outside'] } }));
    assert.equal(outputLooksCurrent(argv('--out', forged)), false, 'a path out of the project');
    await writeFile(join(forged, 'elsewhere.json'), JSON.stringify({ inputs: { paths: ['site-config.yaml'] } }));
    const linked = join(tmp, 'linked');
    await mkdir(linked);
    await symlink(join(forged, 'elsewhere.json'), join(linked, 'build-report.json'));
    assert.equal(outputLooksCurrent(argv('--out', linked)), false, 'a report that is a link');
  });

  test('NODE_DISABLE_COMPILE_CACHE=1 writes no cache, and a folder others may write is not used', async () => {
    const tmp = await tempDir('code-cache-off');
    await build(tmp, join(tmp, 'off'), { NODE_DISABLE_COMPILE_CACHE: '1' });
    await assert.rejects(stat(folderIn(tmp)), { code: 'ENOENT' });
    if (uid === undefined) return;
    await mkdir(folderIn(tmp));
    await chmod(folderIn(tmp), 0o777);
    await build(tmp, join(tmp, 'open'));
    assert.deepEqual(await readdir(folderIn(tmp)), []);
    assert.deepEqual(await output(join(tmp, 'open')), await output(join(tmp, 'off')));
  });
});
