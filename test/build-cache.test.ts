import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { PRUNE_MARKER } from '../generator/cache/prune.js';
import { BuildCache } from '../generator/cache/store.js';
import { build } from '../generator/commands/build.js';
import type { Diagnostic } from '../generator/diagnostics/diagnostic.js';
import { tempDir } from './helpers.js';
import { PNG_BLUE, PNG_RED } from './png-fixtures.js';

/** A project whose pages depend on each other, on an image and on a contract: everything a cached page must notice. */
async function makeProject(): Promise<string> {
  const root = await tempDir('cache');
  await mkdir(join(root, 'content/docs'), { recursive: true });
  await mkdir(join(root, 'openapi/shop'), { recursive: true });
  await writeFile(
    join(root, 'site-config.yaml'),
    'title: Cache Fixture\nurl: https://cache.example\napis:\n  - { id: shop }\n',
  );
  await writeFile(join(root, 'openapi/shop/1.0.0.yaml'), contract('integer'));
  await writeFile(
    join(root, 'content/docs/index.mdx'),
    '---\ntitle: Home\ndescription: The first page.\n---\n\nRead [the guide](./guide.mdx).\n\n![A dot](./dot.png)\n',
  );
  await writeFile(
    join(root, 'content/docs/guide.mdx'),
    '---\ntitle: Guide\ndescription: The guide.\nslug: /the-guide\n---\n\n## An item\n\n```json schema=shop#Item\n{ "count": 3 }\n```\n',
  );
  await writeFile(join(root, 'content/docs/dot.png'), PNG_RED);
  return root;
}

function contract(countType: string): string {
  return `openapi: 3.1.0\ninfo: { title: Shop, version: 1.0.0 }\npaths:\n  /items:\n    get:\n      operationId: listItems\n      responses:\n        '200':\n          description: The items.\n          content:\n            application/json:\n              schema: { $ref: '#/components/schemas/Item' }\ncomponents:\n  schemas:\n    Item:\n      type: object\n      properties:\n        count: { type: ${countType} }\n`;
}

async function run(root: string, out: string, cache = true): Promise<{ diagnostics: Diagnostic[]; written: number }> {
  return build({ config: join(root, 'site-config.yaml'), out: join(root, out), strict: false, cache });
}

/** Every file under a folder, but the build report (its timings differ by nature). */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile() || entry.name === 'build-report.json') continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), (await readFile(path)).toString('base64'));
  }
  return files;
}

const errors = (diagnostics: readonly Diagnostic[]): string[] =>
  diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.rule} ${d.message}`);

describe('the build cache', () => {
  test('a build from the cache is byte for byte the build without it, and --no-cache writes no cache', async () => {
    const root = await makeProject();
    assert.deepEqual(errors((await run(root, 'uncached', false)).diagnostics), []);
    assert.equal(existsSync(join(root, '.cache')), false);
    await run(root, 'first');
    assert.ok((await readdir(join(root, '.cache/specsite'))).length > 0, 'the first build fills .cache/specsite/');
    await run(root, 'second');
    const uncached = await snapshot(join(root, 'uncached'));
    assert.ok(uncached.size > 10);
    assert.deepEqual(await snapshot(join(root, 'second')), uncached);
    assert.deepEqual(await snapshot(join(root, 'first')), uncached);
    await rm(root, { recursive: true, force: true });
  });

  test('never stale: a moved target page, a changed image and a changed contract each reach the pages that use them', async () => {
    const root = await makeProject();
    await run(root, 'out');
    const home = (): Promise<string> => readFile(join(root, 'out/site/docs/index.html'), 'utf8');
    const link = async (): Promise<string | undefined> =>
      /<p>Read <a href="([^"]*)">the guide<\/a>/.exec(await home())?.[1];
    assert.equal(await link(), '/docs/the-guide/');

    // The guide moves: the home page's text is unchanged, but its link must follow.
    const guide = await readFile(join(root, 'content/docs/guide.mdx'), 'utf8');
    await writeFile(join(root, 'content/docs/guide.mdx'), guide.replace('slug: /the-guide', 'slug: /moved-guide'));
    await run(root, 'out');
    assert.equal(await link(), '/docs/moved-guide/');

    // llms.txt lists the guide at its new address, its entry kept in the cache under what it lists.
    const llms = await readFile(join(root, 'out/site/llms.txt'), 'utf8');
    assert.match(llms, /\[Guide\]\([^)]*\/docs\/moved-guide\/index\.md\)/);
    assert.doesNotMatch(llms, /the-guide/);

    // The image changes: its hashed name, in the unchanged page, changes with it.
    const before = /src="\/assets\/images\/(dot\.[0-9a-f]{8}\.png)"/.exec(await home())?.[1];
    await writeFile(join(root, 'content/docs/dot.png'), PNG_BLUE);
    await run(root, 'out');
    const after = /src="\/assets\/images\/(dot\.[0-9a-f]{8}\.png)"/.exec(await home())?.[1];
    assert.ok(before && after && before !== after, `${before} → ${after}`);
    assert.deepEqual(await readFile(join(root, 'out/site/assets/images', after)), PNG_BLUE);

    // The contract changes so that the guide's unchanged example no longer matches it.
    await writeFile(join(root, 'openapi/shop/1.0.0.yaml'), contract('string'));
    const failed = await run(root, 'out');
    assert.deepEqual(errors(failed.diagnostics), [
      'example-schema the example does not match shop#Item: /count must be string',
    ]);
    await rm(root, { recursive: true, force: true });
  });

  test('never stale: a new baseUrl reaches the body of every cached page, as a build without the cache writes it', async () => {
    const root = await makeProject();
    await run(root, 'out');
    const config = join(root, 'site-config.yaml');
    await writeFile(config, (await readFile(config, 'utf8')).replace('title:', 'baseUrl: /kb/\ntitle:'));
    // Warm: every page's text is unchanged; only the config says where the site lives now.
    assert.deepEqual(errors((await run(root, 'out')).diagnostics), []);
    const home = await readFile(join(root, 'out/site/docs/index.html'), 'utf8');
    assert.equal(/<p>Read <a href="([^"]*)">the guide<\/a>/.exec(home)?.[1], '/kb/docs/the-guide/');
    await run(root, 'uncached', false);
    assert.deepEqual(await snapshot(join(root, 'out')), await snapshot(join(root, 'uncached')));
    await rm(root, { recursive: true, force: true });
  });

  test('a damaged cache is read as missing: the build is the same', async () => {
    const root = await makeProject();
    await run(root, 'clean');
    const dir = join(root, '.cache/specsite');
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    let damaged = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      await writeFile(join(entry.parentPath, entry.name), damaged % 2 === 0 ? 'not what was written' : '');
      damaged++;
    }
    assert.ok(damaged >= 5, `${damaged} entries`);
    assert.deepEqual(errors((await run(root, 'damaged')).diagnostics), []);
    assert.deepEqual(await snapshot(join(root, 'damaged')), await snapshot(join(root, 'clean')));
    await rm(root, { recursive: true, force: true });
  });
  test('pruning: a successful build deletes, at most once a day, the entries it did not use that are a month old', async () => {
    const root = await makeProject();
    const dir = join(root, '.cache/specsite');
    const DAY = 24 * 60 * 60;
    const now = Date.now() / 1000;
    /** Every file of the cache but the marker, by path under the cache. */
    const entries = async (): Promise<string[]> =>
      (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && e.name !== PRUNE_MARKER)
        .map((e) => relative(dir, join(e.parentPath, e.name)))
        .sort();
    const age = (path: string, days: number): Promise<void> =>
      utimes(join(dir, path), now - days * DAY, now - days * DAY);
    const plant = async (path: string, days: number): Promise<void> => {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), 'an entry of inputs no build has now');
      await age(path, days);
    };
    const key = (c: string): string => c.repeat(64);

    await run(root, 'first');
    const made = await entries();
    assert.ok(made.length >= 5, `${made.length} entries`);
    assert.ok(existsSync(join(dir, PRUNE_MARKER)), 'the first build prunes (nothing to delete) and says when');
    // The build's own entries are made old too: what keeps them is that builds use them.
    for (const path of made) await age(path, 40);
    const unusedOld = [`pages/aa/${key('a')}`, `html/bb/${key('b')}`, `html/bb/${key('b')}.0f1e2d.tmp`];
    const youngOrForeign = [`pages/cc/${key('c')}`, `pages/aa/notes.txt`];
    for (const path of unusedOld) await plant(path, 31);
    await plant(youngOrForeign[0]!, 29); // unused, but young: another config's, maybe
    await plant(youngOrForeign[1]!, 40); // not named as the cache names its files
    await age(PRUNE_MARKER, 2);
    const planted = [...made, ...unusedOld, ...youngOrForeign].sort();

    // A build that fails does not prune: it read only part of what it needs.
    const guide = await readFile(join(root, 'content/docs/guide.mdx'), 'utf8');
    await writeFile(join(root, 'content/docs/guide.mdx'), `${guide}\n<Broken\n`);
    assert.notDeepEqual(errors((await run(root, 'failed')).diagnostics), []);
    await writeFile(join(root, 'content/docs/guide.mdx'), guide);
    const afterFailure = await entries();
    for (const path of planted) assert.ok(afterFailure.includes(path), `${path} is still there after the failed build`);

    await run(root, 'second');
    const afterPrune = await entries();
    for (const path of unusedOld) assert.ok(!afterPrune.includes(path), `${path} deleted`);
    for (const path of youngOrForeign) assert.ok(afterPrune.includes(path), `${path} kept`);
    assert.ok(now - (await stat(join(dir, PRUNE_MARKER))).mtimeMs / 1000 < DAY / 24, 'the prune is recorded');
    assert.deepEqual(await snapshot(join(root, 'second')), await snapshot(join(root, 'first')));

    // Nothing a build of these inputs reads was deleted: the next one finds everything (it writes no
    // entry but the record of its output folder), and within a day of a prune it does not list the cache again.
    await plant(unusedOld[0]!, 31);
    await run(root, 'third');
    const records = (list: readonly string[]): string[] => list.filter((path) => path.startsWith('output/'));
    const afterThird = await entries();
    assert.deepEqual(
      afterThird.filter((path) => !path.startsWith('output/')),
      [...afterPrune, unusedOld[0]!].filter((path) => !path.startsWith('output/')).sort(),
    );
    assert.equal(records(afterThird).length, records(afterPrune).length + 1, "the third folder's record");
    assert.deepEqual(await snapshot(join(root, 'third')), await snapshot(join(root, 'first')));
    await rm(root, { recursive: true, force: true });
  });

  test('pruning keeps what this run read or wrote, however old, and is due once a day', async () => {
    const dir = await tempDir('prune');
    const DAY_MS = 24 * 60 * 60 * 1000;
    const writer = BuildCache.at(dir);
    const keys = ['read', 'written', 'neither'].map((name) => writer.key(name));
    // `html` holds strings, which is what these entries are.
    for (const key of keys) await writer.set('html', key, key);
    const files = async (): Promise<string[]> =>
      (await readdir(join(dir, 'html'), { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort();
    assert.deepEqual(await files(), [...keys].sort());

    // A later run reads one entry and writes another; the third it leaves alone.
    const later = BuildCache.at(dir);
    assert.equal(await later.get('html', keys[0]!), keys[0]);
    await later.set('html', keys[1]!, 'again');
    const start = Date.now();
    assert.equal(await later.pruneUnused(start + 29 * DAY_MS), 0, 'a month has not gone by');
    assert.equal(await later.pruneUnused(start + 29.5 * DAY_MS), undefined, 'not due: pruned less than a day before');
    assert.equal(await later.pruneUnused(start + 31 * DAY_MS), 1);
    assert.deepEqual(await files(), [keys[0]!, keys[1]!].sort());
    assert.equal(await BuildCache.disabled().pruneUnused(), undefined);
    await rm(dir, { recursive: true, force: true });
  });
});
