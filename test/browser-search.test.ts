import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, recordRequests, siteForSuite, waitHydrated } from './browser-fixture.js';
import { SEARCH_FIXTURE } from './search-helpers.js';

/**
 * The search dialog in Chromium, on the fixture site served as `specsite serve` serves it (so under
 * its Content-Security-Policy, WebAssembly and Pagefind's worker included): how it opens and
 * closes, results that open the right page at the right anchor through the client's navigation,
 * keyboard use, its failures, and axe on the open dialog in both colour modes.
 */
const site = siteForSuite(SEARCH_FIXTURE, 'browser-search');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function openPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(site.base + path);
  await waitHydrated(page);
  await page.waitForSelector('.navbar [data-search-button]:not([disabled])');
  return page;
}

/** Types a query and waits for its answer: results, or the line saying there are none. */
async function search(page: Page, query: string): Promise<void> {
  await page.fill('.search-dialog-input', query);
  await page.waitForFunction(
    (q) => {
      const status = document.querySelector('.search-dialog [role="status"]')?.textContent ?? '';
      return (
        document.querySelector('.search-dialog [role="alert"]') !== null ||
        ((document.querySelector('.search-dialog-input') as HTMLInputElement | null)?.value === q &&
          (document.querySelector('.search-results:not([aria-busy="true"])') !== null ||
            status.startsWith('No results')))
      );
    },
    query,
    { timeout: 10_000 },
  );
}

async function hrefs(page: Page): Promise<string[]> {
  return page.$$eval('.search-hit', (hits) => hits.map((hit) => hit.getAttribute('href') ?? ''));
}

/** Presses Down until the option leading to `href` is the chosen one. */
async function choose(page: Page, href: string): Promise<void> {
  const index = (await hrefs(page)).indexOf(href);
  assert.ok(index >= 0, `${href} in ${(await hrefs(page)).join(', ')}`);
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  const active = await page.$eval('.search-dialog-input', (input) => input.getAttribute('aria-activedescendant'));
  assert.equal(await page.$eval(`#${active}`, (option) => option.getAttribute('href')), href);
}

async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    /Type to search/.test(document.querySelector('.search-dialog [role="status"]')?.textContent ?? ''),
  );
}

describe('the search dialog', () => {
  test("Pagefind's script loads only once the dialog opens; the button opens it, Escape closes it and focus goes back", async () => {
    const context = await site.browser.newContext(DESKTOP);
    const page = await context.newPage();
    const requests = recordRequests(page);
    await page.goto(`${site.base}/docs/intro/`);
    await waitHydrated(page);
    await page.waitForSelector('.navbar [data-search-button]:not([disabled])');
    assert.deepEqual(
      requests.filter((r) => r.path.includes('/pagefind/')),
      [],
    );
    await page.click('.navbar [data-search-button]');
    await ready(page);
    assert.equal(await page.$eval('.search-dialog', (dialog) => dialog.matches(':modal')), true);
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'search-dialog-input');
    assert.ok(requests.some((r) => r.path === '/kb/pagefind/pagefind.js'));
    await page.keyboard.press('Escape');
    await page.waitForSelector('.search-dialog', { state: 'detached' });
    // A bounded wait, then the assertion: a slow machine may paint in between.
    await page
      .waitForFunction(() => document.activeElement?.hasAttribute('data-search-button'), undefined, { timeout: 2000 })
      .catch(() => undefined);
    assert.equal(await page.evaluate(() => document.activeElement?.hasAttribute('data-search-button')), true);
    await context.close();
  });

  test('/ and Ctrl+K open it; a / typed into the search field is a slash', async () => {
    const context = await site.browser.newContext(DESKTOP);
    const page = await openPage(context, '/');
    await page.keyboard.press('/');
    await ready(page);
    await page.keyboard.type('a/b');
    assert.equal(await page.inputValue('.search-dialog-input'), 'a/b');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.search-dialog', { state: 'detached' });
    await page.keyboard.press('Control+k');
    await ready(page);
    // Opened again, it starts afresh.
    assert.equal(await page.inputValue('.search-dialog-input'), '');
    await context.close();
  });

  test('a docs phrase opens its page at the right section, through the client (no reload)', async () => {
    const context = await site.browser.newContext(DESKTOP);
    const page = await openPage(context, '/');
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.keyboard.press('/');
    await ready(page);
    await search(page, 'quiet harbour');
    // The matched words are marked in the section's excerpt.
    const section = page.locator('.search-hit[href="/kb/docs/intro/#rolling-restarts"]');
    assert.deepEqual(await section.locator('mark').allTextContents(), ['quiet', 'harbour']);
    assert.equal(await section.locator('.search-hit-context').textContent(), 'Introduction');
    await choose(page, '/kb/docs/intro/#rolling-restarts');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.base}/docs/intro/#rolling-restarts`);
    await page.waitForSelector('.search-dialog', { state: 'detached' });
    await page.waitForFunction(() => {
      const top = document.getElementById('rolling-restarts')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight / 2;
    });
    assert.equal(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true);
    await context.close();
  });

  test('a question finds what it asks about: its stop words are not searched for', async () => {
    const context = await site.browser.newContext(DESKTOP);
    const page = await openPage(context, '/');
    await page.keyboard.press('/');
    await ready(page);
    await search(page, 'how do I drain a node');
    const section = page.locator('.search-hit[href="/kb/docs/intro/#rolling-restarts"]');
    // "one node at a time": the "a" is not marked, the words asked about are.
    assert.deepEqual(await section.locator('mark').allTextContents(), ['drains', 'node', 'node']);
    await context.close();
  });

  test("an operation's summary and a model's name open the reference at their anchors", async () => {
    const context = await site.browser.newContext(DESKTOP);
    const page = await openPage(context, '/docs/intro/');
    await page.keyboard.press('/');
    await ready(page);
    await search(page, 'cancel an order');
    assert.equal((await hrefs(page))[0], '/kb/api/shop/orders/#cancelOrder');
    assert.equal(
      await page.locator('.search-hit').first().locator('.search-hit-context').textContent(),
      'Shop API · Operation',
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.base}/api/shop/orders/#cancelOrder`);
    await page.waitForSelector('#cancelOrder');

    await page.keyboard.press('Control+k');
    await ready(page);
    await search(page, 'ParcelStatus');
    await choose(page, '/kb/api/shop/schemas/#schema-ParcelStatus');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.base}/api/shop/schemas/#schema-ParcelStatus`);
    await page.waitForSelector('#schema-ParcelStatus');
    await context.close();
  });

  test('keyboard only: Tab stays in the dialog, the filters narrow the results, arrows choose', async () => {
    const context = await site.browser.newContext(DESKTOP);
    const page = await openPage(context, '/');
    await page.keyboard.press('/');
    await ready(page);
    await search(page, 'order');
    const focused = async (): Promise<string> =>
      page.evaluate(() => {
        const element = document.activeElement;
        const inside = element?.closest('.search-dialog') !== null;
        return `${inside ? 'dialog' : 'page'}:${element?.tagName.toLowerCase()}${element instanceof HTMLInputElement ? `:${element.type}` : ''}`;
      });
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      seen.push(await focused());
    }
    // Input → close → the scope's checked radio → round to the input.
    assert.deepEqual(seen, ['dialog:button', 'dialog:input:radio', 'dialog:input:search', 'dialog:button']);
    await page.keyboard.press('Shift+Tab');
    assert.equal(await focused(), 'dialog:input:search');
    // To the scope, then Right twice: the API reference only.
    await page.keyboard.press('Shift+Tab');
    assert.equal(await focused(), 'dialog:input:radio');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.search-hit')].every((hit) => hit.getAttribute('href')?.startsWith('/kb/api/')),
    );
    await page.keyboard.press('Tab');
    assert.equal(await focused(), 'dialog:input:search');
    const first = await page.$eval('.search-dialog-input', (input) => input.getAttribute('aria-activedescendant'));
    await page.keyboard.press('ArrowDown');
    const second = await page.$eval('.search-dialog-input', (input) => input.getAttribute('aria-activedescendant'));
    assert.notEqual(first, second);
    await page.keyboard.press('ArrowUp');
    assert.equal(
      await page.$eval('.search-dialog-input', (input) => input.getAttribute('aria-activedescendant')),
      first,
    );
    await context.close();
  });

  test('no results says so; a query of one character answers', async () => {
    const context = await site.browser.newContext(DESKTOP);
    const page = await openPage(context, '/');
    await page.keyboard.press('/');
    await ready(page);
    await search(page, 'qqqxyzzy');
    assert.equal(await page.textContent('.search-dialog [role="status"]'), 'No results for “qqqxyzzy”.');
    await search(page, 'o');
    assert.equal(await page.$('.search-dialog [role="alert"]'), null);
    assert.ok((await hrefs(page)).length > 0);
    await context.close();
  });

  test('a failed fetch of the index shows the message and Retry, and Retry works', async () => {
    const context = await site.browser.newContext(DESKTOP);
    let refused = 0;
    await context.route(/\/pagefind\/pagefind-entry\.json/, (route) => {
      refused++;
      return route.abort();
    });
    const page = await openPage(context, '/');
    await page.keyboard.press('/');
    const alert = page.locator('.search-dialog [role="alert"]');
    await alert.waitFor();
    assert.match(
      (await alert.textContent()) ?? '',
      /^Search could not be loaded: the search index could not be loaded/,
    );
    assert.ok(refused > 0);
    await context.unroute(/\/pagefind\/pagefind-entry\.json/);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await ready(page);
    await search(page, 'quiet harbour');
    assert.ok((await hrefs(page)).includes('/kb/docs/intro/#rolling-restarts'));
    await context.close();
  });

  test('the mobile menu has a search button too', async () => {
    const context = await site.browser.newContext(PHONE);
    const page = await openPage(context, '/docs/intro/');
    await page.click('[data-mobile-menu-toggle]');
    await page.click('.navbar-sidebar [data-search-button]');
    await ready(page);
    assert.equal(await page.$('.navbar-sidebar'), null);
    await context.close();
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violation in the open dialog with results, ${mode} mode`, async () => {
      // axe goes in as an inline script, which the served policy (rightly) blocks.
      const context = await site.browser.newContext({ ...DESKTOP, bypassCSP: true });
      await context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      const page = await openPage(context, '/docs/intro/');
      await page.keyboard.press('/');
      await ready(page);
      await search(page, 'order');
      await page.keyboard.press('ArrowDown');
      await page.addScriptTag({ path: AXE });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: (
                context: Element,
                options: object,
              ) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: unknown[] }> }>;
            };
          }
        ).axe;
        const dialog = document.querySelector('.search-dialog') as Element;
        return (await axe.run(dialog, { resultTypes: ['violations'] })).violations;
      });
      assert.deepEqual(
        violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} ${JSON.stringify(v.nodes.slice(0, 2))}`),
        [],
      );
      await context.close();
    });
  }
});
