import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { build } from '../generator/commands/build.js';
import type { Diagnostic } from '../generator/diagnostics/diagnostic.js';
import { tempDir } from './helpers.js';

const PNG_RED = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const PNG_BLUE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==', 'base64');

/** A project whose pages depend on each other, on an image and on a contract: everything a cached page must notice. */
async function makeProject(): Promise<string> {
  const root = await tempDir('cache');
  await mkdir(join(root, 'content/docs'), { recursive: true });
  await mkdir(join(root, 'openapi/shop'), { recursive: true });
  await writeFile(join(root, 'site-config.yaml'), 'title: Cache Fixture\nurl: https://cache.example\napis:\n  - { id: shop }\n');
  await writeFile(join(root, 'openapi/shop/1.0.0.yaml'), contract('integer'));
  await writeFile(join(root, 'content/docs/index.mdx'), '---\ntitle: Home\ndescription: The first page.\n---\n\nRead [the guide](./guide.mdx).\n\n![A dot](./dot.png)\n');
  await writeFile(join(root, 'content/docs/guide.mdx'), '---\ntitle: Guide\ndescription: The guide.\nslug: /the-guide\n---\n\n## An item\n\n```json schema=shop#Item\n{ "count": 3 }\n```\n');
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

const errors = (diagnostics: readonly Diagnostic[]): string[] => diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.rule} ${d.message}`);

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
    const link = async (): Promise<string | undefined> => /<p>Read <a href="([^"]*)">the guide<\/a>/.exec(await home())?.[1];
    assert.equal(await link(), '/docs/the-guide/');

    // The guide moves: the home page's text is unchanged, but its link must follow.
    const guide = await readFile(join(root, 'content/docs/guide.mdx'), 'utf8');
    await writeFile(join(root, 'content/docs/guide.mdx'), guide.replace('slug: /the-guide', 'slug: /moved-guide'));
    await run(root, 'out');
    assert.equal(await link(), '/docs/moved-guide/');

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
    assert.deepEqual(errors(failed.diagnostics), ['example-schema the example does not match shop#Item: /count must be string']);
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
});
