import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { RESERVED_IDS } from '../templates/site-ids.js';
import { build, errors, exists, page, project } from './hostile-routes-helpers.js';

/**
 * Content cannot drive the client: it may not write the `data-` attributes the client acts on
 * (`data-moved-to` sends the reader elsewhere), nor an id of the site's own markup, and a heading's
 * slug steps around those ids. The browser's side is in browser-client-ids.test.ts.
 */

// Each vector is a page whose body starts on line 6; `column` is where its one error is.
const ATTRIBUTES: Array<{ name: string; body: string; column: number }> = [
  { name: 'moved-to', body: '<span id="go" data-moved-to="javascript:alert(document.domain)">x</span>', column: 15 },
  { name: 'moved-to-offsite', body: 'Go <span data-moved-to="https://evil.example/">x</span>.', column: 10 },
  { name: 'moved-to-upper-case', body: '<span DATA-MOVED-TO="//evil.example/">x</span>', column: 7 },
  { name: 'moved-to-literal', body: '<span data-moved-to={"https://evil.example/"}>x</span>', column: 7 },
  { name: 'tabs', body: '<div data-tabs="">x</div>', column: 6 },
  { name: 'collapsible', body: '<details data-collapsible=""><summary>s</summary>x</details>', column: 10 },
  { name: 'base-url', body: '<div data-base-url="/evil/">x</div>', column: 6 },
  {
    name: 'on-component',
    body: '<Card title="c" href="/docs/a/" data-moved-to="https://evil.example/" />',
    column: 33,
  },
];

// Every id the site's markup uses, and a search result's.
const IDS = [...RESERVED_IDS, 'search-hit-0', 'search-hit-2-1'];

describe("content cannot name the client's attributes and ids", () => {
  test('a data- attribute in a page is one located unsafe-html error', async () => {
    const files: Record<string, string> = { 'site-config.yaml': 'title: Client ids\n' };
    for (const v of ATTRIBUTES) files[`content/docs/${v.name}.mdx`] = page(v.name, '', `${v.body}\n`);
    files['content/docs/allowed.mdx'] = page('Allowed', '', '<span id="go" title="data-moved-to">x</span>\n');
    const p = await project(files);
    const run = await build(p);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const found = errors(run);
    for (const v of ATTRIBUTES) {
      const mine = found.filter((d) => d.file === `content/docs/${v.name}.mdx`);
      assert.equal(mine.length, 1, `${v.name}: ${JSON.stringify(mine)}`);
      assert.deepEqual([mine[0]?.line, mine[0]?.column, mine[0]?.rule], [6, v.column, 'unsafe-html'], v.name);
      assert.match(mine[0]?.message ?? '', /data- attributes are the site's own/);
    }
    assert.equal(found.length, ATTRIBUTES.length, 'nothing else, and the allowed page passes');
    assert.doesNotMatch(run.stdout + run.stderr, /^\s+at /m, 'no stack trace');
    assert.equal(await exists(join(p.root, 'out')), false);
  });

  test('each reserved id set in a page, as a string or a literal, is one located reserved-id error', async () => {
    const files: Record<string, string> = { 'site-config.yaml': 'title: Client ids\n' };
    IDS.forEach((id, n) => {
      files[`content/docs/span-${n}.mdx`] = page(`Span ${n}`, '', `Text.\n\n<span id="${id}">x</span>\n`);
      files[`content/docs/heading-${n}.mdx`] = page(`Heading ${n}`, '', `<h2 id={"${id}"}>Title</h2>\n`);
    });
    const p = await project(files);
    const run = await build(p);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const found = errors(run);
    IDS.forEach((id, n) => {
      for (const [file, line, column] of [
        [`content/docs/span-${n}.mdx`, 8, 7],
        [`content/docs/heading-${n}.mdx`, 6, 5],
      ] as const) {
        const mine = found.filter((d) => d.file === file);
        assert.equal(mine.length, 1, `${id}: ${JSON.stringify(mine)}`);
        assert.deepEqual([mine[0]?.line, mine[0]?.column, mine[0]?.rule], [line, column, 'reserved-id'], id);
        assert.match(mine[0]?.message ?? '', new RegExp(`id "${id}" is the site's own`));
      }
    });
    assert.equal(found.length, IDS.length * 2);
    assert.equal(await exists(join(p.root, 'out')), false);
  });

  test("a heading whose slug is a reserved id gets another, and the site's element keeps its id alone", async () => {
    const headings = ['Main content', 'Docs sidebar', '__site', '__site data', 'Search hit 0', 'Main content'];
    const body = headings.map((h) => `## ${h}\n\nText.\n`).join('\n');
    const p = await project({
      'site-config.yaml': 'title: Client ids\n',
      'content/docs/slugs.mdx': page('Slugs', '', `${body}\n[first](#main-content-1) [last](#main-content-2)\n`),
    });
    const run = await build(p);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const html = await readFile(join(p.root, 'out', 'site', 'docs', 'slugs', 'index.html'), 'utf8');
    const ids = [...html.matchAll(/<h2 id="([^"]*)"/g)].map((m) => m[1]);
    assert.deepEqual(ids, [
      'main-content-1',
      'docs-sidebar-1',
      '__site-1',
      '__site-data-1',
      'heading-search-hit-0',
      'main-content-2',
    ]);
    for (const id of IDS.filter((i) => !i.startsWith('search-hit-')))
      assert.ok(html.split(` id="${id}"`).length <= 2, `${id} is on one element at most`);
  });
});
