import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../generator/config/load.js';
import { compileContext, loadContent, type ContentInput } from '../generator/content/index.js';
import { compileFresh } from '../generator/content/compile.js';
import { validateContract } from '../generator/contracts/validate.js';
import { ContractIndex } from '../generator/content/contract-lookup.js';
import { Background } from '../generator/workers/background.js';
import { MDX_COMPONENT_NAMES } from '../templates/mdx/component-names.js';
import { tempDir } from './helpers.js';

/** The items contract (an example that does not match its schema), with an enumeration added. */
async function itemsIndex(dir: string): Promise<ContractIndex> {
  const file = join(dir, 'items.yaml');
  await writeFile(
    file,
    `openapi: 3.1.0
info: { title: Items, version: 1.0.0 }
paths:
  /items/{id}:
    get:
      operationId: getItem
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer } }
      responses:
        '200':
          description: One item.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Item' }
components:
  schemas:
    Item:
      type: object
      required: [id, colour]
      additionalProperties: false
      properties:
        id: { type: integer }
        colour: { $ref: '#/components/schemas/Colour' }
    Colour: { type: string, enum: [red, green] }
`,
  );
  const items = await validateContract(file);
  assert.ok(items.contract);
  return new ContractIndex(
    [{ api: { id: 'items' } as never, versions: [{ version: '1.0.0', contract: items.contract }] }],
    new Map([['orders', 'openapi/orders.yaml:3:1']]),
  );
}

test('the contracts as handed to a second thread answer every question as the loaded ones do', async () => {
  const index = await itemsIndex(await tempDir('content-beside-index'));
  const there = ContractIndex.fromPortable(structuredClone(index.portable()));
  assert.equal(there.identity(), index.identity());
  assert.deepEqual(there.serviceIds(), index.serviceIds());
  assert.deepEqual(there.schemaNames('items'), index.schemaNames('items'));
  assert.deepEqual(there.operationIds('items'), index.operationIds('items'));
  assert.equal(there.isEnum('items', 'Colour'), true);
  assert.equal(there.isEnum('items', 'Item'), index.isEnum('items', 'Item'));
  assert.equal(there.unavailable('orders'), 'openapi/orders.yaml:3:1');
  assert.deepEqual(there.unavailableIds(), index.unavailableIds());
  for (const value of [{ id: 1, colour: 'red' }, { id: 'seven', colour: 'blue', size: 3 }, {}]) {
    const problems = index.validateExample('items', 'Item', value);
    assert.deepEqual(there.validateExample('items', 'Item', value), problems);
  }
  assert.ok(index.validateExample('items', 'Item', { id: 'seven' }).length > 0);
});

test(
  'pages compiled beside the reference, contract pages on the colour thread, come out as compiled here',
  { timeout: 120_000 },
  async () => {
    const dir = await tempDir('content-beside');
    await writeFile(join(dir, 'site-config.yaml'), 'title: Beside\nurl: https://docs.example\n');
    const docs = join(dir, 'content/docs');
    await mkdir(docs, { recursive: true });
    const page = (i: number): string => {
      const body = [
        `Page ${i}, about [another page](./page-3.mdx).`,
        '```ts\nexport const n = 1;\n```',
        i % 3 === 0 ? '<Schema service="items" name="Item" />' : '',
        i % 3 === 1 ? '<Operation service="items" id="getItm" />' : '',
        // The thread's first page asks everything; so do some of those this thread takes back.
        i % 11 === 0
          ? '<EnumValues service="items" name="Colour" />\n\n<EnumValues service="items" name="Item" />'
          : '',
        i % 11 === 0 ? '<Operation service="items" id="getItem" />' : '',
        i % 2 === 0 ? '```json schema=items#Item\n{ "id": "seven", "colour": "blue", "size": 3 }\n```' : '',
        i % 4 === 0 ? '```json schema=items#Item\n{ "id": 7, "colour": "red" }\n```' : '',
      ];
      return `---\ntitle: Page ${i}\ndescription: Page ${i}.\n---\n\n${body.filter(Boolean).join('\n\n')}\n`;
    };
    for (let i = 0; i < 24; i++) await writeFile(join(docs, `page-${i}.mdx`), page(i));
    const loaded = await loadConfig(join(dir, 'site-config.yaml'));
    assert.ok(loaded.ok);
    const contracts = await itemsIndex(dir);
    const input: ContentInput = {
      config: loaded.config,
      configSource: loaded.source,
      components: new Set(MDX_COMPONENT_NAMES),
      contracts,
      reservedRoutes: new Map([['/docs/page-5/', 'the items API reference']]),
    };
    const here = await loadContent(input);

    const colourThread = Background.threaded();
    let handed: () => void = () => undefined;
    const pagesHanded = new Promise<void>((resolve) => (handed = resolve));
    try {
      // The reference's routes come once it is built, after the pages are handed out.
      let reserve: (routes: ReadonlyMap<string, string>) => void = () => undefined;
      const beside = loadContent({
        ...input,
        colourThread,
        reservedRoutes: new Promise((resolve) => (reserve = resolve)),
        beside: { contracts: () => contracts.portable(), handed },
      });
      // Handed out before the reference is done (were it waited for, this would never resolve).
      await pagesHanded;
      // The reference is built meanwhile: here, until the thread has compiled the first page it was handed.
      while (!colourThread.usedSecondThread) await new Promise((resolve) => setImmediate(resolve));
      reserve(input.reservedRoutes as ReadonlyMap<string, string>);
      const content = await beside;
      assert.equal(colourThread.usedSecondThread, true);
      assert.deepEqual(content.diagnostics, here.diagnostics);
      assert.ok(content.diagnostics.some((d) => d.rule === 'example-schema'));
      assert.ok(content.diagnostics.some((d) => d.message.includes('already used by the items API reference')));
      // Those without an error: a page with an error is not built.
      assert.deepEqual(
        content.docs.map((d) => d.id),
        here.docs.map((d) => d.id),
      );
      assert.ok(content.docs.some((d) => d.usesContracts));
      const context = compileContext(input, content.docs, new Map());
      for (const doc of content.docs) {
        const fresh = await compileFresh(doc, context);
        assert.equal(doc.contentHash, fresh.entry?.treeHash, doc.display);
        assert.equal(doc.usesContracts, fresh.usedContracts, doc.display);
      }
    } finally {
      await colourThread.close();
    }
  },
);
