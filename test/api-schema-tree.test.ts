import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { build, type BuildResult } from '../generator/commands/build.js';
import { withSiteInBrowser } from './browser.js';
import { Page, textOf } from './html.js';
import { ROOT, tempDir } from './helpers.js';

const FIXTURE = join(ROOT, 'test/fixtures/api-site');

/** The fixture site, copied, with extra APIs given as JSON documents, built. */
async function buildWith(prefix: string, apis: Record<string, unknown>): Promise<{ out: string; result: BuildResult }> {
  const dir = await tempDir(prefix);
  await cp(FIXTURE, dir, { recursive: true });
  let config = await readFile(join(dir, 'site-config.yaml'), 'utf8');
  for (const [id, document] of Object.entries(apis)) {
    await writeFile(join(dir, `openapi/${id}.json`), JSON.stringify(document));
    config += `  - { id: ${id}, spec: openapi/${id}.json }\n`;
  }
  await writeFile(join(dir, 'site-config.yaml'), config);
  const out = join(dir, 'out');
  return { out, result: await build({ config: join(dir, 'site-config.yaml'), out, strict: false }) };
}

function read(out: string, route: string): Promise<Page> {
  return Page.read(join(out, 'site', route, 'index.html'));
}

/** The rows directly under a tree level (not those of nested levels). */
function rowsOf(page: Page, selector: string): Array<{ name: string; required: boolean; row: Page }> {
  return page.all(`${selector} > .schema-rows > .schema-row`).map((li) => {
    const row = new Page({ type: 'root', children: [li] });
    const head = new Page({ type: 'root', children: [li.children.find((c) => c.type === 'element') as Element] });
    return { name: row.text('.schema-property-name') ?? '', required: head.all('.required').length === 1, row };
  });
}

function elements(node: Element | Root): number {
  return node.children.reduce((sum, c) => sum + (c.type === 'element' ? 1 + elements(c) : 0), 0);
}

const ref = (name: string): Record<string, string> => ({ $ref: `#/components/schemas/${name}` });

/** Deep, wide and densely linked schemas, used by every part of one operation. */
function hostileDocument(): unknown {
  let deep: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < 50; i++)
    deep = { type: 'object', description: `Level ${50 - i}.`, properties: { [`level${50 - i}`]: deep } };
  const wide = (n: number): Record<string, unknown> => ({
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: n }, (_, i) => [`field${i}`, { type: 'integer', description: `Field number ${i}.` }]),
    ),
  });
  // Forty schemas of sixty properties, each property a link to the next schema: a graph as big as GitHub's.
  const linked = Object.fromEntries(
    Array.from({ length: 40 }, (_, s) => [
      `S${s}`,
      {
        type: 'object',
        description: `Schema ${s}, which refers to the next ones.`,
        properties: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`p${i}`, ref(`S${(s + i + 1) % 40}`)])),
      },
    ]),
  );
  const json = (schema: unknown): Record<string, unknown> => ({ content: { 'application/json': { schema } } });
  const operation = {
    operationId: 'everything',
    parameters: [{ name: 'filter', in: 'query', style: 'deepObject', schema: ref('S1') }],
    requestBody: json(ref('Deep')),
    responses: {
      '200': { description: 'OK', ...json(ref('Wide')) },
      '201': { description: 'Linked', ...json(ref('S0')) },
      '400': { description: 'Inline', ...json({ allOf: [deep, wide(5000)] }) },
    },
    callbacks: {
      done: {
        '{$request.query.url}': { post: { requestBody: json(ref('S2')), responses: { '200': { description: 'OK' } } } },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Big', version: '1.0.0' },
    paths: { '/everything': { post: operation } },
    components: { schemas: { Deep: deep, Wide: wide(5000), ...linked } },
  };
}

describe('schemas shown where they are used', () => {
  let out = '';
  let result: BuildResult;
  before(async () => {
    ({ out, result } = await buildWith('api-schema-tree', {
      big: hostileDocument(),
      params: {
        openapi: '3.1.0',
        info: { title: 'Params', version: '1.0.0' },
        paths: {
          '/search': {
            get: {
              operationId: 'search',
              parameters: [
                { name: 'filter', in: 'query', style: 'deepObject', schema: ref('Filter') },
                { name: 'q', in: 'query', schema: { type: 'string' } },
              ],
              responses: { '204': { description: 'Nothing.' } },
            },
          },
        },
        components: {
          schemas: {
            Filter: {
              type: 'object',
              properties: {
                owner: { type: 'string', description: 'Who owns it.' },
                size: { type: 'integer' },
                tags: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    }));
  });

  test("build with no diagnostics but the hostile API's page budget (its widest models fit no page)", () => {
    assert.deepEqual(
      result.diagnostics.filter((d) => !(d.rule === 'page-budget' && d.message.includes('/api/big/'))),
      [],
    );
  });

  test('a response opens its named schema in place: rows with facts, the name linked to the model', async () => {
    const page = await read(out, 'api/cyclic');
    const tree = '#getTree .api-response .schema-tree';
    assert.deepEqual(
      page.links(`${tree} > .schema-type`).map((l) => [l.text, l.href]),
      [['Tree', '/ref/api/cyclic/#schema-Tree']],
    );
    const rows = rowsOf(page, tree);
    assert.deepEqual(
      rows.map((r) => [r.name, r.required]),
      [
        ['name', false],
        ['root', true],
      ],
    );
    assert.match(rows[0]?.row.text('.schema-type') ?? '', /string.*minLength: 1.*maxLength: 64/);
    // `root` is a Node: its name links to Node's section, and Node's rows are one closed level below.
    const root = rows[1]?.row as Page;
    assert.deepEqual(root.links('.schema-row-head .schema-type').map((l) => l.href)[0], '/ref/api/cyclic/#schema-Node');
    const nested = root.one('.schema-row > details.schema-nested');
    assert.ok(nested, 'Node opens in place');
    assert.equal(nested.properties.open, undefined, 'closed below the first level');
    assert.deepEqual(
      rowsOf(root, '.schema-row > details.schema-nested').map((r) => r.name),
      ['id', 'parent', 'children'],
    );
    // The models section is still there, linked from each use.
    assert.ok(page.one('#schema-Tree'));
    assert.ok(page.one('#schema-Node'));
  });

  test('a schema already open on the path is a link marked circular, not opened again', async () => {
    const page = await read(out, 'api/cyclic');
    const node = '#getTree .api-response .schema-tree > .schema-rows > .schema-row > details.schema-nested';
    const parent = rowsOf(page, node).find((r) => r.name === 'parent')?.row as Page;
    assert.equal(parent.all('.badge-cycle').length, 1);
    assert.equal(parent.all('details').length, 0);
    assert.deepEqual(
      parent.links('.schema-type').map((l) => l.href),
      ['/ref/api/cyclic/#schema-Node'],
    );
    const children = rowsOf(page, node).find((r) => r.name === 'children')?.row as Page;
    assert.equal(children.text('.schema-nested > summary'), 'items: Node');
    assert.equal(children.all('.schema-items .badge-cycle').length, 1);
  });

  test('oneOf variants are choosable, each labelled by the discriminator value that selects it', async () => {
    const page = await read(out, 'api/discriminator');
    const body = '#createPet .schema-tree';
    assert.equal(page.text(`${body} > .schema-variants > .schema-keyword`), 'One of');
    assert.equal(page.text(`${body} > .schema-variants > .schema-discriminator code`), 'petType');
    const variants = page.all(`${body} > .schema-variants > details.schema-variant`);
    assert.deepEqual(
      variants.map((v) => textOf(v.children.find((c) => c.type === 'element' && c.tagName === 'summary') as Element)),
      ['cat (Cat)', 'dog (Dog)'],
    );
    const dog = new Page({ type: 'root', children: [variants[1] as Element] });
    assert.deepEqual(
      rowsOf(dog, '.schema-variant').map((r) => r.name),
      ['petType', 'breed'],
    );
    assert.match(dog.text('.schema-enum') ?? '', /"beagle" "collie" "other"/);
    assert.deepEqual(
      dog.links('.schema-variant > .schema-type').map((l) => l.href),
      ['/ref/api/discriminator/#schema-Dog'],
    );
  });

  test('a parameter whose schema is an object shows its tree under its row; a plain one does not', async () => {
    const page = await read(out, 'api/params');
    const rows = page.all('#search .api-parameters .api-parameter');
    assert.equal(rows.length, 2);
    assert.equal(page.all('#search .api-parameter-schema').length, 1);
    assert.deepEqual(
      rowsOf(page, '#search .api-parameter-schema .schema-tree').map((r) => r.name),
      ['owner', 'size', 'tags'],
    );
    // Items that say nothing but their type are written on the array's line, with nothing to open.
    const tags = rowsOf(page, '#search .api-parameter-schema .schema-tree')[2]?.row as Page;
    assert.equal(tags.text('.schema-type'), 'array<string>');
    assert.equal(tags.all('details').length, 0);
    assert.match(page.text('#search .api-parameter-schema') ?? '', /Who owns it\./);
  });

  test('one operation using deep, wide and densely linked schemas: first levels whole, closed ones bounded', async () => {
    // The API's models outweigh one page, so its operations have a page of their own.
    const page = await read(out, 'api/big/operations');
    const section = page.one('#everything') as Element;
    // Each first level is listed whole (400 rows at most per object), the closed levels within the budget.
    // 200 is Wide (its first 400 of 5,000), 201 is S0 (60 rows).
    assert.equal(rowsOf(page, '#everything .api-response.status-2 .schema-tree').length, 460);
    const closed = page.all('#everything details.schema-nested, #everything details.schema-variant');
    const inClosed = closed.reduce((sum, d) => sum + elements(d), 0);
    assert.ok(inClosed <= 1000, `${inClosed} elements in closed levels`);
    const size = Buffer.byteLength(toHtml(section));
    const count = elements(section);
    assert.ok(count <= 12_000, `${count} elements`);
    assert.ok(size <= 1_200_000, `${size} bytes`);
    // Every part shows its first level in place; what stays closed is a link to the model.
    const op = new Page({ type: 'root', children: [section] });
    for (const part of ['.api-parameter-schema', '.api-response.status-2', '.api-callbacks'])
      assert.ok(op.one(`${part} .schema-row`), part);
    assert.ok(op.all('.schema-link').length > 20);
    // No first level is replaced by a link to its model.
    assert.deepEqual(
      op.links('.status-2 .schema-tree > .schema-more').map((l) => l.href),
      [],
    );
    assert.doesNotMatch(textOf(section), /not shown|specification|download/i);
  });

  test('a nested level opens in place without JavaScript', async () => {
    await withSiteInBrowser(join(out, 'site'), '/ref/', async (browser, origin) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const tab = await context.newPage();
      await tab.goto(`${origin}/ref/api/cyclic/#getTree`);
      const root = tab.locator('#getTree .api-response .schema-tree > .schema-rows > .schema-row').nth(1);
      const id = root.locator('details.schema-nested .schema-property-name', { hasText: /^id$/ });
      assert.equal(await id.isVisible(), false);
      await root.locator('details.schema-nested > summary').first().click();
      assert.equal(await id.isVisible(), true);
      await context.close();
    });
  });
});
