import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { bundleClient, prebuildClient, prebuiltClient, templateFiles } from '../generator/client/build.js';
import { tempDir } from './helpers.js';

describe('the client bundled when specsite is compiled', () => {
  test("is esbuild's bundle of templates/, used while templates/ is unchanged and not once a template changed", async () => {
    const file = join(await tempDir('client-prebuilt'), 'client-bundles.json');
    await prebuildClient(file);
    const templates = await templateFiles();
    const fresh = await bundleClient();
    assert.deepEqual(await prebuiltClient(templates, file), fresh);
    assert.match([fresh.js, ...Object.values(fresh.chunks)].join('\n'), /preact|createElement|__site/);
    // The search dialog is a chunk of its own, which the entry loads only when search first opens.
    const search = Object.keys(fresh.chunks).find((name) => name.startsWith('Search-'));
    assert.ok(search, Object.keys(fresh.chunks).join(', '));
    assert.ok(!fresh.atLoad.includes(search) && !fresh.apiLoad.includes(search));
    assert.match(fresh.js, new RegExp(`import\\("\\./${search.replace('.', '\\.')}"\\)`));

    // One template edited since (another hash), one added, one removed: each means bundling again.
    const [first, ...rest] = templates;
    assert.ok(first);
    assert.equal(await prebuiltClient([{ ...first, hash: '0'.repeat(64) }, ...rest], file), undefined);
    assert.equal(
      await prebuiltClient([...templates, { path: join(first.path, '..', 'Extra.tsx'), hash: first.hash }], file),
      undefined,
    );
    assert.equal(await prebuiltClient(rest, file), undefined);
  });

  test('names templates relative to templates/, so it holds wherever specsite is installed', async () => {
    const file = join(await tempDir('client-prebuilt'), 'client-bundles.json');
    await prebuildClient(file);
    const written = JSON.parse(await readFile(file, 'utf8')) as { templates: string[] };
    assert.ok(
      written.templates.includes(
        `client/main.tsx\0${(await templateFiles()).find((t) => t.path.endsWith('main.tsx') && t.path.includes('client'))?.hash}`,
      ),
    );
    assert.ok(written.templates.every((entry) => !entry.startsWith('/') && !entry.includes('\\')));
  });

  test('a missing or unreadable file is no bundle', async () => {
    const dir = await tempDir('client-prebuilt');
    const templates = await templateFiles();
    assert.equal(await prebuiltClient(templates, join(dir, 'none.json')), undefined);
    await writeFile(join(dir, 'broken.json'), '{"templates": [');
    assert.equal(await prebuiltClient(templates, join(dir, 'broken.json')), undefined);
  });
});
