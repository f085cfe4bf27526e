import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, siteForSuite, waitHydrated } from './browser-fixture.js';
import { connectMcp, type McpSession } from './mcp-helpers.js';
import { indexedFragments } from './search-helpers.js';
import { misses, searchQueries, type SearchQuery } from './search-queries.js';

/**
 * The query set (test/fixtures/search-queries.json): what readers of the real site type, each with
 * the answers that must be among the first three, asked of the search dialog in Chromium and of the
 * MCP server's `search`, which rank with the one ranking and must agree.
 */
const site = siteForSuite('site-config.yaml', 'search-relevance');

interface Hit {
  kind: string;
  url: string;
}

describe('the query set of the real site', () => {
  let queries: SearchQuery[] = [];
  let mcp: McpSession;
  let page: Page;

  before(async () => {
    queries = await searchQueries();
    mcp = await connectMcp(['--out', site.out, '--no-build']);
    const context = await site.browser.newContext(DESKTOP);
    page = await context.newPage();
    await page.goto(`${site.base}/docs/`);
    await waitHydrated(page);
    await page.waitForSelector('.navbar [data-search-button]:not([disabled])');
    await page.keyboard.press('/');
    await page.waitForSelector('.search-dialog-input:not([disabled])');
  });
  after(async () => {
    await page?.context().close();
    await mcp?.client.close();
  });

  /** The dialog's first `results` results for a query, each page with the sections shown under it. */
  async function dialog(query: string, results = 3): Promise<string[][]> {
    await page.fill('.search-dialog-input', query);
    await page.waitForFunction(
      (q) =>
        (document.querySelector('.search-dialog-input') as HTMLInputElement | null)?.value === q &&
        (document.querySelector('.search-results:not([aria-busy="true"])') !== null ||
          (document.querySelector('.search-dialog [role="status"]')?.textContent ?? '').startsWith('No results')),
      query,
      { timeout: 10_000 },
    );
    const hits = await page.$$eval('.search-hit', (links) =>
      links.map((link) => ({
        href: link.getAttribute('href') ?? '',
        section: link.classList.contains('search-hit-section'),
      })),
    );
    const grouped: string[][] = [];
    for (const hit of hits) {
      if (!hit.section) grouped.push([]);
      grouped.at(-1)?.push(hit.href);
    }
    return grouped.slice(0, results);
  }

  async function server(query: string, limit = 3): Promise<string[]> {
    const hits = await mcp.json<Hit[]>('search', { query, limit });
    return hits.map((hit) => {
      const url = new URL(hit.url);
      return url.pathname + url.hash;
    });
  }

  test('the set is at least 40 queries, each expecting something', () => {
    assert.ok(queries.length >= 40, `${queries.length} queries`);
    for (const { query, top3 } of queries) assert.ok(query.trim() !== '' && top3.length > 0, query);
  });

  test("in the search dialog, every query's expected answers are among its first three results", async () => {
    assert.deepEqual(await misses(queries, async (query) => (await dialog(query)).flat()), []);
  });

  test("through the MCP server's search, every query's expected answers are among its first three hits", async () => {
    assert.deepEqual(await misses(queries, (query) => server(query)), []);
  });

  test('both give the same answers in the same order (one ranking, two front ends)', async () => {
    const page = (url: string): string => (url.startsWith('/api/') ? url : (url.split('#')[0] ?? url));
    for (const { query } of queries) {
      const inDialog = (await dialog(query, 5)).map((group) => page(group[0] ?? ''));
      const inServer = (await server(query, 5)).map(page);
      assert.deepEqual(inServer, inDialog, query);
    }
  });

  test("a badge never runs into the words before it: not in the index's excerpts, nor in a page's text", async () => {
    const joined = /\p{Ll}(deprecated|webhook)\b/u;
    const fragments = [...(await indexedFragments(`${site.out}/site`)).values()];
    assert.ok(fragments.some((fragment) => /bucket deprecated/.test(fragment.content)));
    assert.deepEqual(
      fragments.filter((fragment) => joined.test(fragment.content)).map((fragment) => fragment.url),
      [],
    );
    const text = await page.context().newPage();
    await text.goto(`${site.base}/docs/configuration/manage-bucket/`);
    const summaries = await text.$$eval('.contract-operation-summary', (all) => all.map((p) => p.textContent ?? ''));
    assert.ok(
      summaries.some((summary) => /Create a bucket deprecated/.test(summary)),
      summaries.join('\n'),
    );
    assert.deepEqual(
      summaries.filter((summary) => joined.test(summary)),
      [],
    );
    await text.close();
  });

  test('among models, Bucket ranks the Bucket model first', async () => {
    const [first] = await mcp.json<Hit[]>('search', { query: 'Bucket', kind: 'model' });
    assert.equal(new URL(first?.url ?? '').hash, '#schema-Bucket');
  });

  test("a call pasted into the dialog and Enter lands on the operation's anchor", async () => {
    await page.fill('.search-dialog-input', 'POST /v1/search');
    await page.waitForSelector('.search-hit[href="/api/searcher/#searchDocuments"][aria-selected="true"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.base}/api/searcher/#searchDocuments`);
    await page.waitForFunction(() => {
      const top = document.getElementById('searchDocuments')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight / 2;
    });
    // Open again for the tests after.
    await page.keyboard.press('/');
    await page.waitForSelector('.search-dialog-input:not([disabled])');
  });
});
