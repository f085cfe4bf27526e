import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { BROWSER_FIXTURE, DESKTOP, openHydrated, siteForSuite } from './browser-fixture.js';

/** The operation's aside in Chromium: language tabs remembered across pages, copy buttons, response tabs. */
const site = siteForSuite(BROWSER_FIXTURE, 'browser-samples');
const KEY = 'api-sample-language';

async function withContext(options: BrowserContextOptions, use: (context: BrowserContext) => Promise<void>) {
  const context = await site.browser.newContext({ ...DESKTOP, ...options });
  try {
    await use(context);
  } finally {
    await context.close();
  }
}

/** The labels of the selected sample tab of each operation on the page. */
const selected = (page: Page): Promise<string[]> =>
  page.$$eval('.api-samples [role="tab"][aria-selected="true"]', (tabs) => tabs.map((t) => t.textContent ?? ''));

/** The `data-tab` of each visible sample panel of an operation. */
const visiblePanels = (page: Page, id: string, block = '.api-samples'): Promise<string[]> =>
  page.$$eval(`#${id} ${block} .tabs-panel`, (panels) =>
    panels.filter((p) => (p as HTMLElement).offsetParent !== null).map((p) => p.getAttribute('data-tab') ?? ''),
  );

describe('code samples in the aside', () => {
  test('language tabs: a tablist; choosing Python shows its panel in every operation and stores the choice', () =>
    withContext({}, async (context) => {
      const page = await openHydrated(context, `${site.base}/api/versioned/`);
      const tabs = await page.$$eval('#listItems .api-samples [role="tab"]', (all) => all.map((t) => t.textContent));
      assert.deepEqual(tabs, ['curl', 'TypeScript', 'Python', 'Go', 'Java']);
      assert.deepEqual(await visiblePanels(page, 'listItems'), ['curl']);
      assert.deepEqual(await selected(page), ['curl', 'curl']);
      await page.click('#listItems .api-samples [role="tab"]:text-is("Python")');
      assert.deepEqual(await visiblePanels(page, 'listItems'), ['python']);
      assert.deepEqual(await visiblePanels(page, 'createItem'), ['python'], 'applied to the other operation');
      assert.deepEqual(await selected(page), ['Python', 'Python']);
      assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), 'python');
      const panel = await page.$eval('#listItems .api-samples .tabs-panel[data-tab="python"]', (p) => ({
        role: p.getAttribute('role'),
        labelledBy: p.getAttribute('aria-labelledby'),
      }));
      assert.equal(panel.role, 'tabpanel');
      assert.equal(
        await page.$eval(`#${panel.labelledBy ?? ''}`, (t) => t.getAttribute('aria-selected')),
        'true',
        'the panel is labelled by its selected tab',
      );
      // Arrow keys move the selection along the tablist, and wrap.
      await page.focus('#listItems .api-samples [role="tab"][aria-selected="true"]');
      await page.keyboard.press('ArrowRight');
      assert.deepEqual(await visiblePanels(page, 'listItems'), ['go']);
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Go');
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowRight');
      assert.deepEqual(await visiblePanels(page, 'listItems'), ['curl']);
      await page.keyboard.press('ArrowLeft');
      assert.deepEqual(await visiblePanels(page, 'listItems'), ['java']);
      assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), 'java');
    }));

  test('the remembered language: after a reload, on another reference page, after a client-side navigation', () =>
    withContext({}, async (context) => {
      const page = await openHydrated(context, `${site.base}/api/versioned/`);
      await page.click('#createItem .api-samples [role="tab"]:text-is("Go")');
      await page.reload();
      await page.waitForSelector('[data-tabs-ready]');
      assert.deepEqual(await selected(page), ['Go', 'Go']);
      await page.goto(`${site.base}/api/versioned/1.0.0/`);
      await page.waitForSelector('[data-tabs-ready]');
      assert.deepEqual(await visiblePanels(page, 'listItems'), ['go']);
      // A page swapped in by the client sets its tabs up too.
      await page.goto(`${site.base}/docs/intro/`);
      await page.waitForSelector('[data-color-mode-toggle]:not([disabled])');
      await page.click('.navbar a[href="/kb/api/versioned/"]');
      await page.waitForSelector('#listItems [data-tabs-ready]');
      assert.deepEqual(await visiblePanels(page, 'listItems'), ['go']);
      assert.deepEqual(await selected(page), ['Go', 'Go']);
    }));

  test('storage that throws: the tabs still switch, and nothing is thrown', () =>
    withContext({}, async (context) => {
      await context.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new Error('storage is off');
          },
        });
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${site.base}/api/versioned/`);
      await page.waitForSelector('[data-tabs-ready]');
      await page.click('#listItems .api-samples [role="tab"]:text-is("Java")');
      assert.deepEqual(await visiblePanels(page, 'listItems'), ['java']);
      assert.deepEqual(errors, []);
    }));

  test("the copy button copies the visible sample's text exactly", () =>
    withContext({ permissions: ['clipboard-read', 'clipboard-write'] }, async (context) => {
      const page = await openHydrated(context, `${site.base}/api/versioned/`);
      await page.click('#createItem .api-samples [role="tab"]:text-is("Python")');
      const panel = '#createItem .api-samples .tabs-panel[data-tab="python"]';
      const shown = await page.$eval(`${panel} pre code`, (code) => code.textContent ?? '');
      assert.match(shown, /^import requests\n/);
      assert.ok(
        (await page.$$eval(`${panel} pre code span`, (spans) => spans.length)) > 3,
        'the sample is highlighted',
      );
      await page.click(`${panel} .copy-button`);
      await page.waitForFunction((p) => document.querySelector(`${p} .copy-button`)?.textContent === 'Copied', panel);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(copied, shown);
      assert.match(copied, /requests\.post\(url, json=payload, headers=headers\)/);
    }));
});

describe('examples in the aside', () => {
  test('response examples: a tab per status code', () =>
    withContext({}, async (context) => {
      const page = await openHydrated(context, `${site.base}/api/versioned/`);
      const responses = '#createItem .api-examples:last-child';
      const tabs = await page.$$eval(`${responses} [role="tab"]`, (all) => all.map((t) => t.textContent));
      assert.deepEqual(tabs, ['201', '409']);
      const visible = (): Promise<string[]> =>
        page.$$eval(`${responses} .tabs-panel`, (panels) =>
          panels.filter((p) => (p as HTMLElement).offsetParent !== null).map((p) => p.getAttribute('data-tab') ?? ''),
        );
      assert.deepEqual(await visible(), ['201']);
      await page.click(`${responses} [role="tab"]:text-is("409")`);
      assert.deepEqual(await visible(), ['409']);
      assert.match(
        await page.$eval(`${responses} .tabs-panel[data-tab="409"] pre`, (p) => p.textContent ?? ''),
        /conflict/,
      );
    }));

  test('without JavaScript every panel shows, each under its label, and no tab buttons', () =>
    withContext({ javaScriptEnabled: false }, async (context) => {
      const page = await context.newPage();
      await page.goto(`${site.base}/api/versioned/`);
      assert.deepEqual(await visiblePanels(page, 'listItems'), ['curl', 'typescript', 'python', 'go', 'java']);
      const labels = await page.$$eval('#listItems .api-samples .tabs-panel-label', (all) =>
        all.filter((l) => (l as HTMLElement).offsetParent !== null).map((l) => l.textContent),
      );
      assert.deepEqual(labels, ['curl', 'TypeScript', 'Python', 'Go', 'Java']);
      assert.equal(await page.isVisible('#listItems [role="tablist"]'), false);
      assert.deepEqual(await visiblePanels(page, 'createItem', '.api-examples:last-child'), ['201', '409']);
    }));
});
