import assert from 'node:assert/strict';
import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { fromHtml } from 'hast-util-from-html';
import { build, type BuildResult } from '../generator/commands/build.js';
import { PAGE_BUDGET } from '../generator/render/api/page-budget.js';
import { countElements } from '../generator/render/page-weight.js';
import { referencePages } from './api-pages-helpers.js';
import { tempDir } from './helpers.js';
import { Page } from './html.js';

/** Issue 41: a heavy reference page sends the sections below its fold as stubs, their bodies as fragment files. */

/** One tag of `operations` operations, each with a long description, parameters and a model of its own. */
function contract(operations: number): Record<string, unknown> {
  const words = 'Every item is kept until it is deleted; each of its fields is described at length here. '.repeat(8);
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < operations; i++) {
    schemas[`Item${i}`] = {
      type: 'object',
      description: `Item number ${i}.`,
      properties: Object.fromEntries(
        Array.from({ length: 12 }, (_, p) => [`field${p}`, { type: 'string', description: `Field ${p}. ${words}` }]),
      ),
    };
    paths[`/items/${i}/{id}`] = {
      get: {
        operationId: i % 2 === 0 ? `getItem${i}` : `items/get-${i}`,
        tags: ['Items'],
        summary: `Get item ${i}`,
        description: words,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'q', in: 'query', description: words, schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'The item',
            content: { 'application/json': { schema: { $ref: `#/components/schemas/Item${i}` } } },
          },
          '404': { description: 'No such item' },
        },
      },
    };
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Big', version: '1' },
    tags: [{ name: 'Items' }],
    paths,
    components: { schemas },
  };
}

async function buildApi(operations: number, prefix: string): Promise<{ out: string; result: BuildResult }> {
  const dir = await tempDir(prefix);
  await mkdir(join(dir, 'openapi'));
  await writeFile(join(dir, 'openapi/big.json'), JSON.stringify(contract(operations)));
  await writeFile(join(dir, 'site-config.yaml'), 'title: Parts\napis:\n  - { id: big, spec: openapi/big.json }\n');
  const out = join(dir, 'out');
  return { out, result: await build({ config: join(dir, 'site-config.yaml'), out, strict: false }) };
}

describe('the sections below the fold of a heavy reference page', () => {
  let out: string;
  let result: BuildResult;
  let pages: Map<string, string>;
  const stubs: Array<{ route: string; id: string; href: string; kind: string }> = [];
  before(async () => {
    ({ out, result } = await buildApi(40, 'lazy-parts'));
    pages = await referencePages(out, 'big');
    for (const [route, html] of pages)
      for (const stub of new Page(fromHtml(html)).all('main section.api-stub'))
        stubs.push({
          route,
          id: String(stub.properties.id),
          href: String(stub.properties.dataApiPart),
          kind: stub.properties.className?.toString().includes('api-model') ? 'model' : 'operation',
        });
  });

  test('are stubs, so every page is within the budget at load, with no errors or budget warnings', () => {
    assert.deepEqual(
      result.diagnostics.filter((d) => d.severity === 'error' || d.rule === 'page-budget'),
      [],
    );
    assert.ok(stubs.filter((s) => s.kind === 'operation').length >= 10, `stubs: ${stubs.map((s) => s.id).join(' ')}`);
    for (const [route, html] of pages) {
      assert.ok(Buffer.byteLength(html) <= PAGE_BUDGET.htmlBytes, `${route}: ${Buffer.byteLength(html)} bytes`);
      assert.ok(countElements(html) <= PAGE_BUDGET.elements, `${route}: ${countElements(html)} elements`);
    }
    // The first operation of a page is always whole: the reader lands on content, not on a stub.
    for (const [route, html] of pages) {
      const first = new Page(fromHtml(html)).one('main .api-tag > section.api-operation');
      if (first) assert.ok(!String(first.properties.className).includes('api-stub'), `${route} starts with a stub`);
    }
  });

  test("each stub keeps its anchor and heading and links to its fragment, which holds the section's whole body", async () => {
    for (const stub of stubs) {
      const page = new Page(fromHtml(pages.get(stub.route) as string));
      assert.ok(page.one(`section.api-stub[id="${stub.id}"] h3`), `${stub.id} has its heading on the page`);
      assert.equal(page.attr(`section.api-stub[id="${stub.id}"] .api-stub-more a`, 'href'), stub.href);
      assert.match(stub.href, /^\/api\/big\/_parts\/[a-z0-9-]+\.html$/);
      const fragment = new Page(fromHtml(await readFile(join(out, 'site', stub.href), 'utf8')));
      const section = fragment.one('body > .api-layout > main > .api-part-body > section');
      assert.equal(section?.properties.id, stub.id, `${stub.href} holds #${stub.id}`);
      if (stub.kind === 'operation') {
        assert.ok(fragment.one('.api-part-body .api-response'), `${stub.href} has the responses`);
        assert.ok(fragment.one('.api-part-body .api-operation-aside'), `${stub.href} has the samples`);
      }
      assert.equal(fragment.attr('meta[name="robots"]', 'content'), 'noindex');
      assert.equal(fragment.attr('link[rel="canonical"]', 'href'), `http://localhost${stub.route}#${stub.id}`);
      assert.equal(fragment.attr('.api-part-back a', 'href'), `${stub.route}#${stub.id}`);
    }
    // `items/get-1` and `getItem0` alike: a file name of its own for every anchor, whatever its characters.
    const files = stubs.map((s) => s.href);
    assert.equal(new Set(files).size, files.length);
    assert.ok(stubs.some((s) => s.id.includes('/')));
  });

  test('fragments are no pages: not in the sitemap, llms.txt or the search index, and the report counts them apart', async () => {
    const sitemap = await readFile(join(out, 'site/sitemap.xml'), 'utf8');
    const llms = await readFile(join(out, 'site/llms.txt'), 'utf8');
    assert.doesNotMatch(sitemap, /_parts/);
    assert.doesNotMatch(llms, /_parts/);
    assert.equal(result.report?.pages.filter((p) => p.kind === 'api-part').length, stubs.length);
    assert.ok(result.report?.pages.every((p) => (p.kind === 'api-part') === p.route.includes('/_parts/')));
  });

  test('the Markdown twin of a page still holds every operation in full', async () => {
    for (const route of new Set(stubs.map((s) => s.route))) {
      const twin = await readFile(join(out, 'site', route, 'index.md'), 'utf8');
      for (const stub of stubs.filter((s) => s.route === route && s.kind === 'operation'))
        assert.ok(twin.includes(`Get item ${stub.id.replace(/^\D+/, '')}`), `${route} twin has ${stub.id}`);
    }
  });
});

test('a reference light enough to read whole has no stubs and no fragments', async () => {
  const { out, result } = await buildApi(3, 'lazy-parts-light');
  assert.deepEqual(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  for (const [route, html] of await referencePages(out, 'big'))
    assert.doesNotMatch(html, /api-stub|data-api-part/, route);
  await assert.rejects(readdir(join(out, 'site/api/big/_parts')), { code: 'ENOENT' });
});
