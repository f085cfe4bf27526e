import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { KEY_FILE, machineKey } from '../generator/cache/machine-key.js';
import { CLI, runBin, runCli, tempDir, type Run } from './helpers.js';
import { project } from './hostile-parsing-helpers.js';
import { cacheEntries, readEntry, writeEntry } from './cache-entries.js';

// A pull request can commit a `.cache/specsite/` (or links in its place) beside the config; CI then
// builds the checkout with it. Nothing in it may reach out/ or make the build write elsewhere.

const PLANTED = 'PLANTED-BY-THE-PULL-REQUEST';

const FILES = {
  'site-config.yaml': 'title: Cached\napis:\n  - { id: pets, spec: openapi/pets.yaml }\n',
  'openapi/pets.yaml': [
    'openapi: 3.0.3',
    'info: { title: Pets, version: 1.0.0 }',
    'paths:',
    '  /pets:',
    '    get:',
    '      operationId: listPets',
    "      responses: { '200': { description: ok } }",
    '',
  ].join('\n'),
  'content/docs/index.mdx': '---\ntitle: Home\ndescription: The home page.\n---\n\n# Home\n\nSee [the pets](/pets/).\n',
};

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    stdio: 'ignore',
  });
}

/** Every file under `dir` with its bytes, by relative path (the report aside: it holds timings). */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && entry.name !== 'build-report.json')
      out.set(relative(dir, path), (await readFile(path)).toString('base64'));
  }
  return out;
}

/** Whether any file under `dir` holds `text`. */
async function holds(dir: string, text: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && (await readFile(path, 'latin1')).includes(text)) found.push(relative(dir, path));
  }
  return found;
}

function untrustedLines(run: Run): string[] {
  return run.stdout.split('\n').filter((line) => line.includes('[cache-untrusted]'));
}

describe('hostile input: a build cache that came with the checkout', () => {
  test('a poisoned cache committed in a pull request: nothing of it reaches out/, said in one warning', async () => {
    // The attacker builds the project on their own machine (their own key), then edits the entries
    // a page's HTML and the search script come from, and commits the cache.
    const attacker = await project(FILES);
    const theirs = await tempDir('attacker-machine');
    const theirBuild = await runBin(CLI, ['build'], attacker, { env: { XDG_CACHE_HOME: theirs } });
    assert.equal(theirBuild.code, 0, theirBuild.stdout + theirBuild.stderr);
    const theirKey = machineKey({ XDG_CACHE_HOME: theirs });
    assert.ok(theirKey);
    let poisoned = 0;
    for (const entry of await cacheEntries(join(attacker, '.cache/specsite'))) {
      const value = await readEntry(entry, theirKey);
      if (entry.kind === 'html') {
        const html = Buffer.from(value as string | Uint8Array).toString();
        await writeEntry(entry, theirKey, html.replace('</main>', `<img src=x onerror="alert('${PLANTED}')"></main>`));
        poisoned++;
      } else if (entry.kind === 'search') {
        const files = value as Array<[string, Uint8Array]>;
        for (const file of files)
          if (file[0].endsWith('pagefind.js'))
            file[1] = Buffer.concat([file[1], Buffer.from(`\nalert('${PLANTED}');`)]);
        await writeEntry(entry, theirKey, files);
        poisoned++;
      }
    }
    assert.ok(poisoned >= 2, 'the attack edits the pages and the search script');
    await rm(join(attacker, 'out'), { recursive: true });
    git(attacker, 'init', '-q');
    git(attacker, 'add', '-A', '-f');
    git(attacker, 'commit', '-q', '-m', 'A pull request with its cache');

    // CI clones the pull request and builds it.
    const ci = await tempDir('ci-checkout');
    git(ci, 'clone', '-q', attacker, 'checkout');
    const checkout = join(ci, 'checkout');
    assert.ok(existsSync(join(checkout, '.cache/specsite')), 'the checkout brings the cache');
    const built = await runCli(['build'], checkout);
    assert.equal(built.code, 0, built.stdout + built.stderr);
    assert.deepEqual(await holds(join(checkout, 'out'), PLANTED), []);
    assert.equal(untrustedLines(built).length, 1, built.stdout);
    assert.match(
      built.stdout,
      /^\.cache\/specsite warning \[cache-untrusted\] \d+ entries of the build cache were not written by specsite on this machine/m,
    );
    assert.match(built.stdout, /: 0 errors, 1 warning$/m);

    // Exactly what a build without any cache writes; and the entries are now this machine's: the
    // next build (after the output is touched, so it builds) says nothing.
    const clean = await runCli(['build', '--no-cache', '--out', 'clean'], checkout);
    assert.equal(clean.code, 0, clean.stdout + clean.stderr);
    assert.deepEqual(await snapshot(join(checkout, 'out')), await snapshot(join(checkout, 'clean')));
    await rm(join(checkout, 'out/site/robots.txt'));
    const again = await runCli(['build'], checkout);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.deepEqual(untrustedLines(again), []);
    assert.match(again.stdout, /: 0 errors, 0 warnings$/m);
  });

  test('with --strict the warning fails the build, and `--rule cache-untrusted=off` quiets it', async () => {
    const dir = await project(FILES);
    const other = await tempDir('other-machine');
    assert.equal((await runBin(CLI, ['build'], dir, { env: { XDG_CACHE_HOME: other } })).code, 0);
    await rm(join(dir, 'out'), { recursive: true });
    const strict = await runCli(['build', '--strict'], dir);
    assert.equal(strict.code, 1, strict.stdout);
    assert.equal(untrustedLines(strict).length, 1, strict.stdout);
    assert.equal(existsSync(join(dir, 'out')), false);
    const off = await runCli(['build', '--strict', '--no-git-dates', '--rule', 'cache-untrusted=off'], dir);
    // The strict build above already replaced the entries it made; what it did not reach is still foreign.
    assert.equal(off.code, 0, off.stdout);
    assert.deepEqual(untrustedLines(off), []);
  });

  test('validate and types say it too', async () => {
    const dir = await project(FILES);
    const other = await tempDir('other-machine');
    assert.equal((await runBin(CLI, ['validate'], dir, { env: { XDG_CACHE_HOME: other } })).code, 0);
    assert.equal((await runBin(CLI, ['types'], dir, { env: { XDG_CACHE_HOME: other } })).code, 0);
    const validated = await runCli(['validate'], dir);
    assert.equal(untrustedLines(validated).length, 1, validated.stdout);
    await rm(join(dir, '.cache/specsite/contracts'), { recursive: true, force: true });
    const typed = await runCli(['types'], dir);
    assert.equal(typed.code, 0, typed.stdout);
    assert.equal(untrustedLines(typed).length, 1, typed.stdout);
  });

  test('links committed in the cache are not followed: nothing is written, emptied or read through them', async () => {
    const outside = await tempDir('outside');
    const precious = join(outside, 'precious.txt');
    await writeFile(precious, 'keep me');
    // Old enough that the marker, read through the link, says a prune is due.
    const longAgo = Date.now() / 1000 - 3 * 24 * 3600;
    await utimes(precious, longAgo, longAgo);

    // `.cache` itself a link: the cache is off, and nothing appears where it points.
    const linked = await project(FILES);
    await symlink(outside, join(linked, '.cache'));
    const first = await runCli(['build'], linked);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.match(
      first.stdout,
      /^\.cache warning \[cache-untrusted\] the build cache folder is a link; the cache is not used/m,
    );
    assert.deepEqual(await readdir(outside), ['precious.txt']);

    // The prune marker a link to a file outside: replaced, not written through.
    const marker = await project(FILES);
    await mkdir(join(marker, '.cache/specsite'), { recursive: true });
    await symlink(precious, join(marker, '.cache/specsite/last-prune'));
    // A kind's folder, and a shard's, links to a folder outside.
    await symlink(outside, join(marker, '.cache/specsite/html'));
    await mkdir(join(marker, '.cache/specsite/pages'), { recursive: true });
    for (let i = 0; i < 256; i++)
      await symlink(outside, join(marker, '.cache/specsite/pages', i.toString(16).padStart(2, '0')));
    // An entry that links to an endless file: not read (the build would never end).
    const key = 'f'.repeat(64);
    await mkdir(join(marker, '.cache/specsite/yaml/ff'), { recursive: true });
    await symlink('/dev/zero', join(marker, '.cache/specsite/yaml/ff', key));
    const second = await runCli(['build'], marker);
    assert.equal(second.code, 0, second.stdout + second.stderr);
    assert.equal(await readFile(precious, 'utf8'), 'keep me');
    assert.deepEqual(await readdir(outside), ['precious.txt']);
    assert.ok(
      (await lstat(join(marker, '.cache/specsite/last-prune'))).isFile(),
      'the marker is a file of its own now',
    );
  });

  test('the key lives outside the project, readable by its user alone; a key a checkout could bring is not one', async () => {
    const home = await tempDir('key-home');
    const key = machineKey({ XDG_CACHE_HOME: home });
    assert.ok(key);
    const file = join(home, 'specsite', KEY_FILE);
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.deepEqual(machineKey({ XDG_CACHE_HOME: home }), key, 'the same key on every run');
    // Files from a git checkout are 0644: such a key signs nothing, and a new one is not made over it.
    const checkout = await tempDir('key-checkout');
    await mkdir(join(checkout, 'specsite'));
    await writeFile(join(checkout, 'specsite', KEY_FILE), Buffer.alloc(32, 7), { mode: 0o644 });
    assert.notDeepEqual(machineKey({ XDG_CACHE_HOME: checkout }), Buffer.alloc(32, 7));
  });
});
