import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { fromHtml } from 'hast-util-from-html';
import type { Nodes } from 'hast';
import { build, type BuildResult } from '../generator/commands/build.js';
import { PAGE_BUDGET, type Weight } from '../generator/render/api/page-budget.js';
import { legacyPages } from '../generator/render/api/legacy-routes.js';
import type { TagGroup } from '../generator/render/api/operations.js';
import type { OperationSource } from '../generator/render/api/operation-model.js';
import { countElements, largestApiPage } from '../generator/render/page-weight.js';
import { referencePages } from './api-pages-helpers.js';
import { tempDir } from './helpers.js';
import { Page } from './html.js';

/**
 * Issue 26: whether a reference is split is decided by the size of its one page. Issue 41: it is then
 * split by meaning, a page per tag, a tag over 40 operations divided by its sub-resources; never cut
 * by size. The second edition's size-cut routes redirect.
 */

const BUDGET = { htmlBytes: 60 * 1024, elements: 1500 };

/**
 * A tagged API far over that budget on one page: the Items tag has 50 operations on four
 * sub-resources of `/items` (and two of its own), and many models.
 */
const SUBS = ['notes', 'tags', 'owners', 'links'];

/** Items 0-1 are `/items/…` itself, the others under a sub-resource (`/items/notes/7`). */
function itemPath(i: number): string {
  return i < 2 ? `/items/${i}` : `/items/${SUBS[i % 4] as string}/${i}`;
}

function bigContract(repeat = 12, operations = 60, models = 30): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const words = 'The item is kept until it is deleted; every field is described here at length. '.repeat(repeat);
  for (let i = 0; i < operations; i++)
    paths[i < 50 ? itemPath(i) : `/users/${i}`] = {
      get: {
        operationId: `getItem${i}`,
        tags: [i < 50 ? 'Items' : 'Users'],
        summary: `Get item ${i}`,
        description: words,
        parameters: [{ name: 'q', in: 'query', description: words, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The item',
            content: { 'application/json': { schema: { $ref: `#/components/schemas/Item${i % models}` } } },
          },
        },
      },
    };
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < models; i++)
    schemas[`Item${i}`] = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 12 }, (_, p) => [`field${p}`, { type: 'string', description: `Field ${p}.` }]),
      ),
    };
  return {
    openapi: '3.0.0',
    info: { title: 'Big', version: '1' },
    tags: [{ name: 'Items', description: 'Everything about items.' }, { name: 'Users' }],
    paths,
    components: { schemas },
  };
}

async function buildBig(
  budget: typeof BUDGET | undefined,
  prefix: string,
  small = false,
): Promise<{ out: string; result: BuildResult }> {
  const dir = await tempDir(prefix);
  await mkdir(join(dir, 'openapi'));
  await writeFile(join(dir, 'openapi/big.json'), JSON.stringify(small ? bigContract(1, 10, 5) : bigContract()));
  const config = [
    'title: Budget',
    ...(budget ? [`apiPages: { pageBudget: { htmlBytes: ${budget.htmlBytes}, elements: ${budget.elements} } }`] : []),
    'apis:',
    '  - { id: big, spec: openapi/big.json }',
  ];
  await writeFile(join(dir, 'site-config.yaml'), `${config.join('\n')}\n`);
  const out = join(dir, 'out');
  return { out, result: await build({ config: join(dir, 'site-config.yaml'), out, strict: false }) };
}

/** A redirect page of an old route (it alone is `noindex` among the reference's pages). */
function isRedirect(html: string): boolean {
  return html.includes('<meta name="robots" content="noindex"/>');
}

function elements(node: Nodes): number {
  return (
    (node.type === 'element' ? 1 : 0) + ('children' in node ? node.children.reduce((n, c) => n + elements(c), 0) : 0)
  );
}

describe('a reference too large for one page', () => {
  let out: string;
  let result: BuildResult;
  let pages: Map<string, string>;
  before(async () => {
    ({ out, result } = await buildBig(BUDGET, 'budget-split'));
    pages = await referencePages(out, 'big');
  });

  test('builds without errors', () => {
    assert.deepEqual(
      result.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
  });

  test('is split by tag, the large tag by its sub-resources, each page named for them, one models index', () => {
    const routes = [...pages.keys()].filter((r) => !isRedirect(pages.get(r) as string)).sort();
    assert.deepEqual(routes, [
      '/api/big/',
      '/api/big/item-links/',
      '/api/big/item-notes/',
      '/api/big/item-owners/',
      '/api/big/item-tags/',
      '/api/big/items/',
      '/api/big/schemas/',
      '/api/big/users/',
    ]);
    const title = (route: string): string => new Page(fromHtml(pages.get(route) as string)).text('h1') ?? '';
    assert.equal(title('/api/big/item-notes/'), 'Item notes · Big reference');
    assert.equal(title('/api/big/schemas/'), 'Models · Big reference');
    const ids = (route: string): string[] =>
      new Page(fromHtml(pages.get(route) as string)).all('section.api-operation').map((el) => String(el.properties.id));
    // Items keeps its own operations; each sub-resource its own, in the contract's order.
    assert.deepEqual(ids('/api/big/items/'), ['getItem0', 'getItem1']);
    assert.deepEqual(
      ids('/api/big/item-notes/'),
      Array.from({ length: 50 }, (_, i) => i)
        .filter((i) => i >= 2 && i % 4 === 0)
        .map((i) => `getItem${i}`),
    );
    // The sidebar names the pages, none with a number.
    const nav = new Page(fromHtml(pages.get('/api/big/') as string)).links('.api-nav').map((l) => l.text);
    assert.deepEqual(nav, [
      'Overview',
      'Items',
      'Item owners',
      'Item links',
      'Item notes',
      'Item tags',
      'Users',
      'Models',
    ]);
  });

  test('the second edition’s routes (the tag cut by size, models by initial) are redirect pages', () => {
    const old = [...pages.keys()].filter((r) => isRedirect(pages.get(r) as string)).sort();
    assert.ok(old.includes('/api/big/items-2/'), old.join(' '));
    assert.ok(old.includes('/api/big/schemas/i/') && old.includes('/api/big/schemas/i-2/'), old.join(' '));
    const items2 = new Page(fromHtml(pages.get('/api/big/items-2/') as string));
    for (const link of items2.links('.api-redirect li')) {
      const [path, id] = link.href.split('#') as [string, string];
      if (!id) continue;
      assert.ok((pages.get(path) ?? '').includes(` id="${id}"`), `${link.href} is where items-2/#${id} went`);
    }
  });

  test('the build report weighs the reference pages, not the redirects', () => {
    const report = result.report?.apiPages;
    assert.equal(report?.length, 1);
    const [big] = report ?? [];
    assert.equal(big?.apiId, 'big');
    assert.deepEqual(big?.budget, BUDGET);
    const real = [...pages].filter(([, html]) => !isRedirect(html));
    assert.equal(big?.pages, real.length + 1, 'the changelog is a reference page too');
    const largest = Math.max(...real.map(([, html]) => Buffer.byteLength(html)));
    assert.equal(big?.largest.htmlBytes, largest);
    assert.equal(big?.largest.elements, elements(fromHtml(pages.get(big?.largest.route ?? '') ?? '')));
  });

  test('every operation and schema anchor is on exactly one page, and the old ones lead there', () => {
    const home = new Map<string, string>();
    const moved = new Map<string, Array<{ on: string; to: string }>>();
    for (const [route, html] of pages) {
      if (isRedirect(html)) continue;
      const page = new Page(fromHtml(html));
      for (const el of page.all('section.api-operation, [id^="schema-"]:not([data-moved-to])')) {
        const id = String(el.properties.id);
        assert.equal(home.get(id), undefined, `${id} is on one page`);
        home.set(id, route);
      }
      for (const el of page.all('[data-moved-to]'))
        moved.set(String(el.properties.id), [
          ...(moved.get(String(el.properties.id)) ?? []),
          { on: route, to: String(el.properties.dataMovedTo) },
        ]);
    }
    for (let i = 0; i < 60; i++) {
      const id = `getItem${i}`;
      const at = home.get(id);
      assert.ok(at, `${id} is rendered`);
      // The overview keeps every operation's anchor; Items' page those of its sub-resources' pages.
      const leads = moved.get(id) ?? [];
      assert.ok(
        leads.some((m) => m.on === '/api/big/' && m.to === `${at}#${id}`),
        `the overview leads to ${id}`,
      );
      if (i < 50 && at !== '/api/big/items/')
        assert.ok(
          leads.some((m) => m.on === '/api/big/items/' && m.to === `${at}#${id}`),
          `items/ leads to ${id}`,
        );
    }
    for (let i = 0; i < 30; i++) assert.equal(home.get(`schema-Item${i}`), '/api/big/schemas/');
    // Links between pages name the page the anchor is on.
    for (const [route, html] of pages) {
      if (isRedirect(html)) continue;
      for (const [, path, id] of html.matchAll(/href="(\/api\/big\/[^"#]*)#((?:getItem|schema-)[^"]+)"/g))
        assert.equal(
          home.get(id as string) ?? moved.get(id as string)?.find((m) => m.on === path)?.on,
          path,
          `${route} → ${path}#${id}`,
        );
    }
  });

  test('the same contract builds the same pages', async () => {
    const again = await referencePages((await buildBig(BUDGET, 'budget-again')).out, 'big');
    const hash = (m: Map<string, string>) =>
      [...m]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([r, h]) => `${r} ${createHash('sha256').update(h).digest('hex')}`);
    assert.deepEqual(hash(again), hash(pages));
  });
});

test('the default budget keeps a reference of this size on one page', async () => {
  const { out, result } = await buildBig(undefined, 'budget-one', true);
  assert.deepEqual(
    result.report?.apiPages.map((r) => [r.apiId, r.largest.route, r.withinBudget]),
    [['big', '/api/big/', true]],
  );
  assert.deepEqual([...(await referencePages(out, 'big')).keys()], ['/api/big/']);
  assert.deepEqual(result.report?.apiPages[0]?.budget, PAGE_BUDGET);
});

test('the second edition’s routes: a tag cut into parts in order, each within the budget share, at least one operation a part', () => {
  const op = (n: number): OperationSource => ({
    id: `op${n}`,
    kind: 'operation',
    method: 'get',
    path: `/${n}`,
    pathItem: {},
    operation: { n },
  });
  const group: TagGroup = {
    kind: 'tag',
    name: 'Repos',
    anchor: 'tag-repos',
    description: 'Repositories.',
    operations: [0, 1, 2, 3, 4].map(op),
  };
  // 100 KB a page; the page around the sections takes 25 KB, and a page is planned to 85%.
  const sizes = [30, 30, 40, 200, 10];
  const weight = (source: OperationSource): Weight => ({
    htmlBytes: (sizes[Number(source.operation.n)] ?? 0) * 1024,
    elements: 1,
  });
  const pages = legacyPages([group], weight, { htmlBytes: 100 * 1024, elements: 5000 }, '/api/x/', []);
  assert.deepEqual(
    pages.map((p) => [p.route, p.anchors, p.main]),
    [
      ['/api/x/repos/', ['tag-repos', 'op0', 'op1'], 'op0'],
      ['/api/x/repos-2/', ['tag-repos-2', 'op2'], 'op2'],
      // Over the budget alone, but a part always takes one.
      ['/api/x/repos-3/', ['tag-repos-3', 'op3'], 'op3'],
      ['/api/x/repos-4/', ['tag-repos-4', 'op4'], 'op4'],
    ],
  );
});

test('elements are counted as an HTML parser counts them', () => {
  const html =
    '<!DOCTYPE html><html><head><title>a &lt;b&gt; c</title></head><body><!-- <p> --><p title="x &lt;i&gt;">1 < 2</p><br/></body></html>';
  assert.equal(countElements(html), elements(fromHtml(html)));
  assert.equal(countElements(html), 6);
  assert.equal(largestApiPage([]), '');
  assert.match(
    largestApiPage([
      {
        apiId: 'a',
        pages: 2,
        largest: { route: '/api/a/', htmlBytes: 2048, elements: 10 },
        budget: PAGE_BUDGET,
        withinBudget: true,
      },
      {
        apiId: 'b',
        pages: 1,
        largest: { route: '/api/b/', htmlBytes: 4096, elements: 9 },
        budget: PAGE_BUDGET,
        withinBudget: false,
      },
    ]),
    /largest API page \/api\/b\/ 4\.0 KB, 9 elements \(some API page over the budget of 300\.0 KB, 5000 elements\)/,
  );
});
