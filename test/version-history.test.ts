import assert from 'node:assert/strict';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { build, type BuildResult } from '../generator/commands/build.js';
import { seriousViolations } from './axe.js';
import { DESKTOP, waitHydrated } from './browser-fixture.js';
import { withSiteInBrowser } from './browser.js';
import { ROOT, tempDir } from './helpers.js';
import { snapshot } from './hostile-output-helpers.js';
import { Page, textOf } from './html.js';

/**
 * The `history` API of the fixture has three versions: from 1.0.0 to 2.0.0 `POST /items`, `GET /things`
 * and `NewItem` come, `GET /legacy` goes, `DELETE /items/{id}` and `LegacyThing` are deprecated and
 * `GET /items/{id}` changes its operationId; from 2.0.0 to 3.0.0 `DELETE /items/{id}`, `GET /things`
 * and `LegacyThing` go, `GET /items/{id}` is deprecated and `GET /legacy` comes back. `single` has one.
 */
const FIXTURE = join(ROOT, 'test/fixtures/version-history');
const CHANGELOG = '/ref/api/history/changelog/';
const SITE = 'https://fixture.example';

/** Per page, every operation and model by anchor with the text of its history badges. */
const EXPECTED: Record<string, Record<string, string[]>> = {
  'api/history': {
    listItems: ['since 1.0.0'],
    createItem: ['since 2.0.0'],
    fetchItem: ['since 1.0.0', 'deprecated in 3.0.0'],
    getLegacy: ['since 3.0.0'],
    'schema-Item': ['since 1.0.0'],
    'schema-NewItem': ['since 2.0.0'],
  },
  'api/history/2.0.0': {
    listItems: ['since 1.0.0'],
    createItem: ['since 2.0.0'],
    fetchItem: ['since 1.0.0', 'deprecated in 3.0.0'],
    deleteItem: ['since 1.0.0', 'deprecated in 2.0.0', 'removed in 3.0.0'],
    listThings: ['since 2.0.0', 'removed in 3.0.0'],
    'schema-Item': ['since 1.0.0'],
    'schema-LegacyThing': ['since 1.0.0', 'deprecated in 2.0.0', 'removed in 3.0.0'],
    'schema-NewItem': ['since 2.0.0'],
  },
  'api/history/1.0.0': {
    listItems: ['since 1.0.0'],
    getItem: ['since 1.0.0', 'deprecated in 3.0.0'],
    deleteItem: ['since 1.0.0', 'deprecated in 2.0.0', 'removed in 3.0.0'],
    getLegacy: ['since 1.0.0', 'removed in 2.0.0'],
    'schema-Item': ['since 1.0.0'],
    'schema-LegacyThing': ['since 1.0.0', 'deprecated in 2.0.0', 'removed in 3.0.0'],
  },
};

/** Each operation's and model's badges on a page, as `text → href`, by anchor. */
function badges(page: Page): Record<string, Array<{ text: string; href: string }>> {
  const out: Record<string, Array<{ text: string; href: string }>> = {};
  for (const section of page.all('.api-operation, .api-model')) {
    const one = new Page({ type: 'root', children: [section] });
    const scope = section.properties.className?.toString().includes('api-model')
      ? '.api-model > .api-model-history'
      : '.api-operation > .api-operation-text > .api-endpoint';
    out[String(section.properties.id)] = one.links(`${scope} [data-history]`).map(({ text, href }) => ({ text, href }));
  }
  return out;
}

type Marks = Record<string, Array<{ text: string; href: string }>>;

/** The key of an operation or model in both forms of a page: `GET /items/{id}`, `schema Item`. */
function htmlHistory(page: Page): Marks {
  const out: Marks = {};
  for (const section of page.all('.api-operation, .api-model')) {
    const one = new Page({ type: 'root', children: [section] });
    const id = String(section.properties.id);
    const key = id.startsWith('schema-')
      ? `schema ${id.slice('schema-'.length)}`
      : `${one.text('.api-endpoint .method-badge')?.toUpperCase()} ${one.text('.api-endpoint .api-path')}`;
    const marks = one.links('[data-history]').map(({ text, href }) => ({ text, href: `${SITE}${href}` }));
    if (marks.length > 0) out[key] = marks;
  }
  return out;
}

/** The `History:` line of each operation (under its endpoint line) and model (under its heading) of a twin. */
function twinHistory(markdown: string): Marks {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;
  const out: Marks = {};
  let inModels = false;
  let key = '';
  for (const node of tree.children as RootContent[]) {
    if (node.type === 'heading' && node.depth === 2) inModels = toString(node) === 'Models';
    if (node.type === 'heading' && node.depth === 3 && inModels) key = `schema ${toString(node)}`;
    if (node.type !== 'paragraph') continue;
    const first = node.children[0];
    if (!inModels && node.children.length === 1 && first?.type === 'inlineCode') key = first.value;
    if (first?.type === 'text' && first.value === 'History: ')
      out[key] = node.children.flatMap((c) => (c.type === 'link' ? [{ text: toString(c), href: c.url }] : []));
  }
  return out;
}

describe('version history badges on a three-version API', () => {
  let dir = '';
  let result: BuildResult;
  const page = (route: string): Promise<Page> => Page.read(join(dir, 'out/site', route, 'index.html'));
  before(async () => {
    dir = await tempDir('version-history');
    await cp(FIXTURE, dir, { recursive: true });
    result = await build({ config: join(dir, 'site-config.yaml'), out: join(dir, 'out'), strict: true, cache: false });
  });

  test('builds clean', () => {
    assert.deepEqual(result.diagnostics, []);
  });

  for (const [route, expected] of Object.entries(EXPECTED)) {
    test(`${route}: each operation and model says when it came, and what later deprecated or removed it`, async () => {
      const found = badges(await page(route));
      assert.deepEqual(
        Object.fromEntries(Object.entries(found).map(([id, marks]) => [id, marks.map((m) => m.text)])),
        expected,
      );
      for (const marks of Object.values(found))
        for (const { text, href } of marks) assert.equal(href, `${CHANGELOG}#v${text.split(' ').pop()}`, text);
    });
  }

  test("each page's Markdown twin says the same history as its badges, linked to the same changelog entries", async () => {
    let lines = 0;
    for (const route of Object.keys(EXPECTED)) {
      const twin = twinHistory(await readFile(join(dir, 'out/site', route, 'index.md'), 'utf8'));
      assert.deepEqual(twin, htmlHistory(await page(route)), route);
      lines += Object.values(twin).flat().length;
    }
    assert.equal(lines, 33);
    for (const route of ['api/single', 'api/single/changelog'])
      assert.doesNotMatch(await readFile(join(dir, 'out/site', route, 'index.md'), 'utf8'), /History:|since 1\.0\.0/);
  });

  test('each badge leads to the changelog entry of its version, which records that change for that operation or schema', async () => {
    const changelog = await page('api/history/changelog');
    let checked = 0;
    for (const route of Object.keys(EXPECTED)) {
      const reference = await page(route);
      for (const section of reference.all('.api-operation, .api-model')) {
        const one = new Page({ type: 'root', children: [section] });
        const id = String(section.properties.id);
        const title = id.startsWith('schema-')
          ? `schema ${id.slice('schema-'.length)}`
          : `${one.text('.api-endpoint .method-badge')} ${one.text('.api-endpoint .api-path')} `;
        for (const { text, href } of one.links('[data-history]')) {
          const anchor = href.slice(href.indexOf('#') + 1);
          const entry = changelog.one(`.changelog-version:has(> h2[id="${anchor}"])`);
          assert.ok(entry, `${href} has no entry`);
          const kinds = new Page({ type: 'root', children: [entry] })
            .all('.changelog-group')
            .filter((group) => textOf(group.children.find((c) => c.type === 'element') as never).startsWith(title))
            .flatMap((group) => new Page({ type: 'root', children: [group] }).all('[data-kind]'))
            .map((li) => String(li.properties.dataKind));
          const word = text.split(' ')[0];
          if (word === 'since' && anchor === 'v1.0.0') {
            // The oldest version has no changes: its entry says what it holds.
            assert.match(textOf(entry), /The first version published here/);
          } else {
            const wanted = { since: /-added$/, deprecated: /^deprecated$/, removed: /-removed$/ }[word as 'since'];
            assert.ok(
              wanted && kinds.some((kind) => wanted.test(kind)),
              `${route} ${id} "${text}": ${kinds.join(', ')}`,
            );
          }
          checked++;
        }
      }
    }
    assert.equal(checked, 33);
  });

  test('an API with one version shows no history', async () => {
    for (const route of ['api/single', 'api/single/changelog']) {
      const html = await readFile(join(dir, 'out/site', route, 'index.html'), 'utf8');
      assert.doesNotMatch(html, /data-history|api-model-history|since 1\.0\.0/);
    }
    assert.deepEqual(badges(await page('api/single')), { ping: [], 'schema-Pong': [] });
  });

  test('deterministic: a second build writes the same bytes', async () => {
    const again = join(dir, 'again');
    const second = await build({ config: join(dir, 'site-config.yaml'), out: again, strict: true, cache: false });
    assert.deepEqual(second.diagnostics, []);
    assert.deepEqual(await snapshot(join(again, 'site')), await snapshot(join(dir, 'out/site')));
  });

  test('axe finds no serious violation on a page with badges, in either colour mode', async () => {
    await withSiteInBrowser(join(dir, 'out/site'), '/ref/', async (browser, origin) => {
      for (const mode of ['light', 'dark'] as const) {
        const context = await browser.newContext({ ...DESKTOP, bypassCSP: true });
        await context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
        const tab = await context.newPage();
        await tab.goto(`${origin}/ref/api/history/2.0.0/`);
        await waitHydrated(tab);
        assert.equal(await tab.evaluate(() => document.documentElement.getAttribute('data-theme')), mode);
        assert.equal(await tab.locator('[data-history]').count(), 14);
        assert.deepEqual(await seriousViolations(tab), [], mode);
        await context.close();
      }
    });
  });
});
