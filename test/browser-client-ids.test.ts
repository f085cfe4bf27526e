import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, recordRequests, sitePath, siteForSuite, waitHydrated } from './browser-fixture.js';
import { SEARCH_FIXTURE } from './search-helpers.js';

/**
 * The client acts only on what the generator wrote, in Chromium: a split reference's moved anchors
 * still send an old deep link to the operation's page, while a page whose HTML was changed after
 * the build (the build refuses such content) cannot send the reader off the site or run script, and
 * an element carrying the page data's id does not change which site model the client loads, nor one
 * carrying a search result's id what Enter in the search opens. The contexts bypass the
 * Content-Security-Policy, as a host that sends none would.
 */
const site = siteForSuite(SEARCH_FIXTURE, 'browser-client-ids');
const OVERVIEW = '/api/shop/';
const EVIL = 'https://evil.example/';

/** A copy of a built page at `route`, changed by `edit`; the edit must have changed something. */
async function tampered(from: string, route: string, edit: (html: string) => string): Promise<string> {
  const html = await readFile(sitePath(site.out, from, 'index.html'), 'utf8');
  const changed = edit(html);
  assert.notEqual(changed, html, `the edit of ${from} found its place`);
  const file = sitePath(site.out, route, 'index.html');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, changed);
  return `${site.base}/${route}/`;
}

/**
 * Opens `url` and waits until the client has hydrated it or the reader was sent off the site;
 * answers the address the page ended at and the dialogs script opened.
 */
async function visit(url: string): Promise<{ page: Page; at: URL; dialogs: string[] }> {
  const context = await site.browser.newContext({ ...DESKTOP, bypassCSP: true });
  await context.route(
    (at) => at.hostname === 'evil.example',
    (route) => route.fulfill({ contentType: 'text/html', body: '<title>Evil</title>' }),
  );
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(url);
  await Promise.race([waitHydrated(page), page.waitForURL((at) => !at.href.startsWith(site.base))]);
  return { page, at: new URL(page.url()), dialogs };
}

describe('the client acts only on what the generator wrote', () => {
  test("an operation's old anchor on the split reference's overview lands on its tag page", async () => {
    const { page, at } = await visit(`${site.base}${OVERVIEW}#listOrders`);
    await page.waitForURL(`${site.base}/api/shop/orders/#listOrders`);
    assert.equal(at.origin, new URL(site.base).origin);
    await waitHydrated(page);
    assert.equal(await page.locator('#listOrders').count(), 1);
    await page.context().close();
  });

  const OFF_SITE: Array<[string, string]> = [
    ['another origin', EVIL],
    ['a scheme-relative address', '//evil.example/'],
    ['a backslash address', '/\\evil.example/'],
    ['a path outside the base URL', '/elsewhere/'],
    ['a javascript: URL', 'javascript:alert(document.domain)'],
  ];
  OFF_SITE.forEach(([name, to], n) =>
    test(`a moved anchor changed to ${name} is not followed`, async () => {
      const url = await tampered(OVERVIEW, `api/shop-tampered-${n}`, (html) =>
        html.replace('data-moved-to="/kb/api/shop/orders/#listOrders"', `data-moved-to="${to}"`),
      );
      const { page, at, dialogs } = await visit(`${url}#listOrders`);
      assert.equal(at.href, `${url}#listOrders`, 'the reader stays on the page');
      assert.deepEqual(dialogs, [], 'no script ran');
      await page.context().close();
    }),
  );

  test("an element with data-moved-to in a page's content is not followed, even to a page of the site", async () => {
    const url = await tampered('docs/intro', 'docs/intro-tampered', (html) =>
      html.replace(
        /(<main[^>]*>)/,
        '$1<span id="go" data-moved-to="/kb/api/shop/orders/#listOrders">x</span><span id="js" data-moved-to="javascript:alert(1)">y</span>',
      ),
    );
    for (const anchor of ['go', 'js']) {
      const { page, at, dialogs } = await visit(`${url}#${anchor}`);
      assert.equal(at.href, `${url}#${anchor}`);
      assert.deepEqual(dialogs, []);
      await page.context().close();
    }
  });

  test("an element with the page data's id before the real one does not change the site model", async () => {
    const real = await readFile(sitePath(site.out, 'docs', 'intro', 'index.html'), 'utf8');
    const modelPath = /"siteData":"([^"]+)"/.exec(real)?.[1] as string;
    const model = JSON.parse(await readFile(sitePath(site.out, modelPath.replace(/^\/kb\//, '')), 'utf8')) as {
      navbar: { title: string };
    };
    model.navbar.title = 'Planted';
    await writeFile(sitePath(site.out, 'assets', 'planted-model.json'), JSON.stringify(model));
    const planted = '{"route":"/docs/intro-planted/","siteData":"/kb/assets/planted-model.json"}';
    const url = await tampered('docs/intro', 'docs/intro-planted', (html) =>
      html.replace(/(<main[^>]*>)/, `$1<script type="application/json" id="__site-data">${planted}</script>`),
    );
    const context = await site.browser.newContext({ ...DESKTOP, bypassCSP: true });
    const page = await context.newPage();
    const requests = recordRequests(page);
    await page.goto(url);
    await waitHydrated(page);
    assert.equal(await page.locator('.navbar-title').first().textContent(), 'Search Fixture');
    const models = requests.filter((r) => r.path.includes('model') || r.path.includes('site-data'));
    assert.deepEqual([...new Set(models.map((r) => r.path))], [modelPath], 'only the real site model');
    await context.close();
  });
  test("Enter in the search opens the dialog's chosen result, not a page's element of that id", async () => {
    const url = await tampered('docs/intro', 'docs/intro-hits', (html) =>
      html.replace(/(<main[^>]*>)/, `$1<a id="search-hit-0" href="${EVIL}">planted</a>`),
    );
    const { page } = await visit(url);
    await page.waitForSelector('.navbar [data-search-button]:not([disabled])');
    await page.keyboard.press('/');
    await page.fill('.search-dialog-input', 'cancel an order');
    await page.waitForSelector('.search-results:not([aria-busy="true"]) .search-hit');
    const chosen = await page.locator('.search-dialog #search-hit-0').getAttribute('href');
    assert.equal(chosen, '/kb/api/shop/orders/#cancelOrder');
    await page.keyboard.press('Enter');
    await page.waitForURL((at) => at.href !== url);
    assert.equal(page.url(), `${new URL(site.base).origin}${chosen}`);
    await page.context().close();
  });
});
