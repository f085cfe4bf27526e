import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { seriousViolations } from './axe.js';
import { BROWSER_FIXTURE, DESKTOP, PHONE, siteForSuite, sitePath, waitHydrated } from './browser-fixture.js';

/**
 * The page menu in Chromium, on the browser fixture (base URL `/kb/`, site URL
 * https://fixture.example): "Copy as Markdown" puts the page's twin on the clipboard, "View as
 * Markdown" opens it, the assistants' links carry its address; by mouse, by keyboard, on a phone,
 * without JavaScript, and with no serious accessibility violation in either colour mode.
 */
const site = siteForSuite(BROWSER_FIXTURE, 'browser-page-menu');
const CLIPBOARD: BrowserContextOptions = { ...DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] };
const PAGES = [
  { path: '/docs/intro/', twin: 'docs/intro/index.md' },
  { path: '/api/versioned/', twin: 'api/versioned/index.md' },
];

async function open(path: string, options: BrowserContextOptions = CLIPBOARD): Promise<Page> {
  const context = await site.browser.newContext(options);
  const page = await context.newPage();
  await page.goto(site.base + path);
  if (options.javaScriptEnabled !== false) await waitHydrated(page);
  return page;
}

const twin = (path: string): Promise<string> => readFile(sitePath(site.out, path), 'utf8');
const copyButton = (page: Page) => page.locator('.page-menu button', { hasText: /Copy|Copied/ });
const clipboard = (page: Page): Promise<string> => page.evaluate(() => navigator.clipboard.readText());

describe('the page menu in the browser', () => {
  for (const { path, twin: file } of PAGES)
    test(`${path}: "Copy as Markdown" puts the page's twin on the clipboard and says so`, async () => {
      const page = await open(path);
      await page.evaluate(() => navigator.clipboard.writeText('before'));
      await page.locator('.page-menu > summary').click();
      await copyButton(page).click();
      await page.waitForFunction(() => document.querySelector('[data-page-menu-copy]')?.textContent === 'Copied');
      assert.equal(await clipboard(page), await twin(file));
      assert.equal(await page.locator('[data-page-menu-status]').textContent(), 'The page was copied as Markdown.');
      // The label comes back (once is enough to see).
      if (path === PAGES[0]?.path)
        await page.waitForFunction(
          () => document.querySelector('[data-page-menu-copy]')?.textContent === 'Copy as Markdown',
          undefined,
          { timeout: 5000 },
        );
      await page.context().close();
    });

  test("the links: the twin itself, and ChatGPT and Claude with the twin's address in their prompt", async () => {
    const page = await open('/docs/intro/');
    const address = 'https://fixture.example/kb/docs/intro/index.md';
    const prompt = encodeURIComponent(`Read ${address} so I can ask questions about it.`);
    const link = (name: string) => page.locator('.page-menu a', { hasText: name });
    assert.equal(await link('View as Markdown').getAttribute('href'), '/kb/docs/intro/index.md');
    for (const [name, href] of [
      ['Open in ChatGPT', `https://chatgpt.com/?q=${prompt}`],
      ['Open in Claude', `https://claude.ai/new?q=${prompt}`],
    ] as const) {
      assert.equal(await link(name).getAttribute('href'), href, name);
      assert.equal(await link(name).getAttribute('target'), '_blank', name);
      assert.match((await link(name).getAttribute('rel')) ?? '', /\bnoopener\b/, name);
    }
    // The twin opens in the browser, not in the client's navigation (which loads pages only).
    await page.locator('.page-menu > summary').click();
    await link('View as Markdown').click();
    await page.waitForURL('**/kb/docs/intro/index.md');
    assert.equal(await page.evaluate(() => document.body.innerText), await twin('docs/intro/index.md'));
    await page.context().close();
  });

  test('after client navigation, the menu copies the page now shown', async () => {
    const page = await open('/docs/intro/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('.docs-sidebar-container a', { hasText: 'Setup' }).first().click();
    await page.waitForURL('**/kb/docs/guide/setup/');
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1, 'no reload');
    await page.locator('.page-menu > summary').click();
    await copyButton(page).click();
    await page.waitForFunction(() => document.querySelector('[data-page-menu-copy]')?.textContent === 'Copied');
    assert.equal(await clipboard(page), await twin('docs/guide/setup/index.md'));
    await page.context().close();
  });

  test('by keyboard: Enter opens the menu, Tab reaches each item, Enter copies, Escape closes it', async () => {
    const page = await open('/api/versioned/');
    await page.locator('.page-menu > summary').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('.page-menu').getAttribute('open'), '');
    const focused: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      // The first line: an external link's second is "(opens in a new tab)", for screen readers.
      focused.push(await page.evaluate(() => (document.activeElement as HTMLElement).innerText.split('\n')[0] ?? ''));
    }
    assert.deepEqual(focused, ['Copy as Markdown', 'View as Markdown', 'Open in ChatGPT', 'Open in Claude']);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-page-menu-copy]')?.textContent === 'Copied');
    assert.equal(await clipboard(page), await twin('api/versioned/index.md'));
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('.page-menu').getAttribute('open'), null);
    assert.equal(await page.evaluate(() => document.activeElement?.matches('.page-menu > summary')), true);
    await page.context().close();
  });

  test('a twin that cannot be loaded: the button says the copy failed', async () => {
    const page = await open('/docs/intro/');
    await page.route('**/index.md', (route) => route.fulfill({ status: 503, body: 'busy' }));
    await page.locator('.page-menu > summary').click();
    await copyButton(page).click();
    await page.waitForFunction(() => document.querySelector('[data-page-menu-copy]')?.textContent === 'Copy failed');
    assert.equal(await page.locator('[data-page-menu-status]').textContent(), 'The page could not be copied.');
    await page.context().close();
  });

  test('without JavaScript the menu opens and links, and offers no copy', async () => {
    const page = await open('/docs/intro/', { ...DESKTOP, javaScriptEnabled: false });
    await page.locator('.page-menu > summary').click();
    assert.equal(await page.locator('.page-menu').getAttribute('open'), '');
    assert.equal(await copyButton(page).isVisible(), false);
    for (const name of ['View as Markdown', 'Open in ChatGPT', 'Open in Claude'])
      assert.ok(await page.locator('.page-menu a', { hasText: name }).isVisible(), name);
    await page.context().close();
  });

  for (const { path } of PAGES)
    test(`${path} on a phone: the open menu stays within the screen`, async () => {
      const page = await open(path, { ...PHONE, permissions: CLIPBOARD.permissions });
      await page.locator('.page-menu > summary').click();
      const box = await page.locator('.page-menu .dropdown-menu').boundingBox();
      assert.ok(box, 'the menu is shown');
      assert.ok(box.x >= 0 && box.x + box.width <= 400, JSON.stringify(box));
      assert.ok(await copyButton(page).isVisible());
      await page.context().close();
    });

  for (const mode of ['light', 'dark'] as const)
    test(`with the menu open, in ${mode} mode: no serious or critical accessibility violation`, async () => {
      // axe-core goes in as an inline script, which the served Content-Security-Policy (rightly) blocks.
      const context = await site.browser.newContext({ ...CLIPBOARD, bypassCSP: true });
      await context.addInitScript((theme) => {
        localStorage.setItem('theme', theme);
        // The fixture's announcement bar is not what this test looks at: dismissed, as a reader may.
        localStorage.setItem('announcement-dismissed', 'true');
        localStorage.setItem('announcement-id', 'release-2');
      }, mode);
      const page = await context.newPage();
      for (const { path } of PAGES) {
        await page.goto(site.base + path);
        await waitHydrated(page);
        await page.locator('.page-menu > summary').click();
        assert.ok(await copyButton(page).isVisible());
        assert.deepEqual(await seriousViolations(page), [], path);
      }
      await context.close();
    });
});
