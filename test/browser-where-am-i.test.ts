import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { siteForSuite, waitHydrated } from './browser-fixture.js';

/**
 * Where the reader is, on the real site in Chromium: "On this page" folded above the article on a
 * phone, the current entry of a long docs sidebar scrolled into the sidebar's view, and the
 * site's own mark in the navbar and as the favicon.
 */
const site = siteForSuite('site-config.yaml', 'browser-where-am-i');
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 } };
const WIDE: BrowserContextOptions = { viewport: { width: 1400, height: 900 } };
/** Deep entries of the docs sidebar: each sits below the fold of a 900 px window until the sidebar scrolls. */
const DEEP_PAGES = [
  '/docs/monitoring/troubleshooting/',
  '/docs/plugins/web-crawler/',
  '/docs/configuration/tune-search-config/',
];

async function open(path: string, options: BrowserContextOptions): Promise<Page> {
  const context = await site.browser.newContext(options);
  const page = await context.newPage();
  await page.goto(site.base + path);
  if (options.javaScriptEnabled !== false) await waitHydrated(page);
  return page;
}

/** The current sidebar entry's box against the sidebar's and the window's, and how far the page scrolled. */
function sidebarEntry(page: Page) {
  return page.evaluate(() => {
    const sidebar = document.querySelector('.docs-sidebar-container .docs-sidebar') as HTMLElement;
    const entry = sidebar.querySelector('.sidebar-link.active') as HTMLElement;
    const box = sidebar.getBoundingClientRect();
    const at = entry.getBoundingClientRect();
    return {
      route: entry.getAttribute('href'),
      inSidebar: at.top >= box.top && at.bottom <= box.bottom,
      inWindow: at.top >= 0 && at.bottom <= window.innerHeight,
      sidebarScrolled: sidebar.scrollTop,
      pageScrolled: window.scrollY,
    };
  });
}

describe('"On this page" at 996 px and below', () => {
  const PATH = '/docs/configuration/manage-bucket/';

  for (const javaScript of [true, false])
    test(`at 390 px it is a closed disclosure above the article that opens and whose links jump (${javaScript ? 'with' : 'without'} JavaScript)`, async () => {
      const page = await open(PATH, { ...PHONE, javaScriptEnabled: javaScript });
      const control = page.locator('.docs-article details.toc-collapsible');
      assert.equal(await page.locator('.docs-toc-container').isVisible(), false, 'the side column is hidden');
      assert.equal(await control.isVisible(), true);
      assert.equal(await control.locator('summary').textContent(), 'On this page');
      assert.equal(await control.evaluate((d: HTMLDetailsElement) => d.open), false, 'closed at first');
      const links = control.locator('a');
      assert.equal(await links.first().isVisible(), false);
      // Above the content: before the page's title.
      assert.ok((await control.boundingBox())!.y < (await page.locator('.markdown h1').boundingBox())!.y);

      await control.locator('summary').click();
      assert.equal(await links.first().isVisible(), true);
      const link = links.nth(2);
      const hash = (await link.getAttribute('href')) ?? '';
      assert.match(hash, /^#./);
      await link.click();
      await page.waitForFunction((h) => window.location.hash === h, hash);
      const heading = await page.evaluate(
        (id) => {
          const box = document.getElementById(id)!.getBoundingClientRect();
          const navbar = document.querySelector('.navbar')!.getBoundingClientRect().bottom;
          return { top: box.top, navbar, height: window.innerHeight };
        },
        decodeURIComponent(hash.slice(1)),
      );
      // Without JavaScript the navbar's links wrap onto more lines than the headings' scroll margin
      // allows for; the jump still brings the heading to the top of the window.
      const below = javaScript ? heading.navbar - 1 : 0;
      assert.ok(
        heading.top >= below && heading.top < heading.height / 3,
        `the heading is at the top of the window: ${JSON.stringify(heading)}`,
      );
      await page.context().close();
    });

  test('with JavaScript, following a link folds the list again', async () => {
    const page = await open(PATH, PHONE);
    const control = page.locator('details.toc-collapsible');
    await control.locator('summary').click();
    await control.locator('a').nth(1).click();
    await page.waitForFunction(() => window.location.hash.length > 1);
    assert.equal(await control.evaluate((d: HTMLDetailsElement) => d.open), false);
    await page.context().close();
  });

  test('above 996 px the side column shows the contents and the disclosure is hidden', async () => {
    const page = await open(PATH, WIDE);
    assert.equal(await page.locator('.docs-toc-container .table-of-contents').isVisible(), true);
    assert.equal(await page.locator('details.toc-collapsible').isVisible(), false);
    await page.context().close();
  });
});

describe('the current sidebar entry at 1400×900', () => {
  for (const path of DEEP_PAGES)
    test(`${path}: the sidebar, not the page, scrolls its entry into view`, async () => {
      const page = await open(path, WIDE);
      const entry = await sidebarEntry(page);
      assert.equal(entry.route, path);
      // Scrolled when the client starts, before it hydrates the page.
      assert.ok(entry.sidebarScrolled > 0 && entry.inSidebar && entry.inWindow, JSON.stringify(entry));
      assert.equal(entry.pageScrolled, 0, 'the page itself stays at its top');
      await page.context().close();
    });

  test('after client-side navigation, the new entry is scrolled into view too', async () => {
    const [from, to] = DEEP_PAGES as [string, string];
    const page = await open(from, WIDE);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    // Back at the top of the sidebar, the next page's entry is out of its view.
    await page.evaluate(() => (document.querySelector('.docs-sidebar-container .docs-sidebar')!.scrollTop = 0));
    await page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = 'next';
      document.querySelector('.markdown')!.append(link);
      link.click();
    }, to);
    await page.waitForURL(`**${to}`);
    await page.waitForFunction((href) => {
      const active = document.querySelector('.docs-sidebar-container .sidebar-link.active');
      return active?.getAttribute('href') === href;
    }, to);
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1, 'no reload');
    const entry = await sidebarEntry(page);
    assert.ok(entry.inSidebar && entry.inWindow, JSON.stringify(entry));
    await page.context().close();
  });
});

describe('the logo mark and the favicon', () => {
  test('the navbar shows the mark beside the title, from the project file the config names', async () => {
    const page = await open('/docs/', WIDE);
    const logo = page.locator('.navbar-brand img.navbar-logo');
    assert.equal(await logo.isVisible(), true);
    const src = (await logo.getAttribute('src')) ?? '';
    assert.match(src, /^\/assets\/images\/logo\.[0-9a-f]+\.svg$/);
    assert.ok(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'it loaded');
    assert.equal(await (await fetch(site.base + src)).text(), await readFile('static/logo.svg', 'utf8'));
    assert.equal(await page.locator('.navbar-brand .navbar-title').textContent(), 'OpenK9');
    await page.context().close();
  });

  test('the favicon link points to the mark, with its dark variant', async () => {
    const page = await open('/docs/', WIDE);
    const href = (await page.locator('link[rel="icon"]').getAttribute('href')) ?? '';
    assert.equal(href, '/favicon.svg');
    assert.equal(await page.locator('link[rel="icon"]').getAttribute('type'), 'image/svg+xml');
    const icon = await (await fetch(site.base + href)).text();
    assert.equal(icon, await readFile('static/favicon.svg', 'utf8'));
    assert.match(icon, /@media \(prefers-color-scheme: dark\)/);
    await page.context().close();
  });
});
