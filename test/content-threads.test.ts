import assert from 'node:assert/strict';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../generator/config/load.js';
import { BuildCache } from '../generator/cache/store.js';
import { compileContext, loadContent, type ContentResult } from '../generator/content/index.js';
import { Background } from '../generator/workers/background.js';
import { compileFresh } from '../generator/content/compile.js';
import { validateContract } from '../generator/contracts/validate.js';
import { ContractIndex } from '../generator/content/contract-lookup.js';
import { MDX_COMPONENT_NAMES } from '../templates/mdx/component-names.js';
import { ROOT, tempDir } from './helpers.js';

const PAGES = 320;

test(
  'many pages to compile are shared with a second thread, and come out as compiled here',
  { timeout: 120_000 },
  async () => {
    const dir = await tempDir('content-threads');
    await writeFile(join(dir, 'site-config.yaml'), 'title: Threads\nurl: https://docs.example\n');
    const docs = join(dir, 'content/docs');
    for (let i = 0; i < PAGES; i++) {
      const folder = join(docs, `section-${Math.floor(i / 40)}`);
      if (i % 40 === 0) await mkdir(folder, { recursive: true });
      const next = i + 1 < PAGES ? `[next](../section-${Math.floor((i + 1) / 40)}/page-${i + 1}.mdx)` : 'the end';
      await writeFile(
        join(folder, `page-${i}.mdx`),
        `---\ntitle: Page ${i}\ndescription: Page ${i}.\n---\n\nRead on: ${next}.\n\n## Code\n\n\`\`\`ts\nexport const n${i} = ${i};\n\`\`\`\n\n| a | b |\n|---|---|\n| ${i} | x |\n`,
      );
    }
    // The last pages, which this thread compiles when it takes from the back, and the first, which the
    // second thread takes: an image, a contract component (the second thread has no contracts), and a
    // page that does not compile, at both ends.
    const special = {
      image: '---\ntitle: Image\ndescription: An image.\n---\n\n![A diagram](./diagram.svg)\n',
      contract: '---\ntitle: Contract\ndescription: A contract.\n---\n\n<Schema service="items" name="Item" />\n',
      broken: '---\ntitle: Broken\ndescription: Broken.\n---\n\n<div\n',
    };
    for (const at of ['aaa', 'zzz']) {
      await mkdir(join(docs, at), { recursive: true });
      await copyFile(
        join(ROOT, 'test/fixtures/sites/minimal-clean/content/docs/diagram.svg'),
        join(docs, at, 'diagram.svg'),
      );
      for (const [name, text] of Object.entries(special)) await writeFile(join(docs, at, `${name}.mdx`), text);
    }

    const loaded = await loadConfig(join(dir, 'site-config.yaml'));
    assert.ok(loaded.ok);
    const items = await validateContract(join(ROOT, 'test/fixtures/rules/example-mismatch.yaml'));
    assert.ok(items.contract);
    const contracts = new ContractIndex([
      { api: { id: 'items' } as never, versions: [{ version: '1.0.0', contract: items.contract }] },
    ]);
    const input = {
      config: loaded.config,
      configSource: loaded.source,
      components: new Set(MDX_COMPONENT_NAMES),
      contracts,
      reservedRoutes: new Map<string, string>(),
    };
    const content = await loadContent(input);
    assert.equal(content.secondThread, true);
    // All but the two broken pages.
    assert.equal(content.docs.length, PAGES + 4);

    // Every page as this thread alone compiles it.
    const context = compileContext(input, content.docs, new Map());
    for (const page of content.docs) {
      const here = await compileFresh(page, context);
      assert.equal(page.contentHash, here.entry?.treeHash, page.display);
    }
    const found = content.diagnostics.map((d) => `${d.file.split('/').slice(-2).join('/')}:${d.line} ${d.rule}`).sort();
    assert.deepEqual(found, ['aaa/broken.mdx:7 mdx-syntax', 'zzz/broken.mdx:7 mdx-syntax']);
    // The contract pages were compiled where the contracts are, and know it.
    assert.ok(content.docs.filter((d) => d.id.endsWith('/contract')).every((d) => d.usesContracts));
    // One asset per image file, both read by this thread.
    assert.deepEqual(content.assets.map((a) => a.source.split('/').slice(-2).join('/')).sort(), [
      'aaa/diagram.svg',
      'zzz/diagram.svg',
    ]);
  },
);

test('code blocks are coloured on the colour thread from 16 pages to compile, as they are here; fewer stay here', async () => {
  const dir = await tempDir('content-code-thread');
  await writeFile(join(dir, 'site-config.yaml'), 'title: Code\nurl: https://docs.example\n');
  const docs = join(dir, 'content/docs');
  await mkdir(docs, { recursive: true });
  const page = (i: number, value: number): string =>
    `---\ntitle: Page ${i}\ndescription: Page ${i}.\n---\n\n\`\`\`ts {1}\nexport const n${i} = ${value};\n\`\`\`\n\n\`\`\`yaml\nn: ${value}\n\`\`\`\n`;
  for (let i = 0; i < 16; i++) await writeFile(join(docs, `page-${i}.mdx`), page(i, i));
  const loaded = await loadConfig(join(dir, 'site-config.yaml'));
  assert.ok(loaded.ok);
  const input = {
    config: loaded.config,
    configSource: loaded.source,
    components: new Set(MDX_COMPONENT_NAMES),
    contracts: new ContractIndex([]),
    reservedRoutes: new Map<string, string>(),
    cache: BuildCache.forProject(dir, true),
  };
  const withThread = async (): Promise<{ content: ContentResult; threaded: boolean }> => {
    const colourThread = Background.threaded();
    try {
      const content = await loadContent({ ...input, colourThread });
      return { content, threaded: colourThread.usedSecondThread };
    } finally {
      await colourThread.close();
    }
  };

  const all = await withThread();
  assert.equal(all.threaded, true, 'sixteen pages: the thread coloured their blocks');
  assert.equal(all.content.docs.length, 16);
  const context = compileContext(input, all.content.docs, new Map());
  for (const doc of all.content.docs)
    assert.equal(doc.contentHash, (await compileFresh(doc, context)).entry?.treeHash, doc.display);

  // One page edited: the other fifteen come from the cache, and the one compiled is coloured here.
  await writeFile(join(docs, 'page-3.mdx'), page(3, 33));
  const one = await withThread();
  assert.equal(one.threaded, false, 'one page to compile: coloured here');
  const edited = one.content.docs.find((doc) => doc.id === 'page-3');
  assert.ok(edited);
  assert.equal(edited.contentHash, (await compileFresh(edited, context)).entry?.treeHash);
});
