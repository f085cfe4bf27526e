import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parse, stringify } from 'yaml';
import { autoHeightDuration } from '../templates/client/collapsible.js';
import { BROWSER_FIXTURE, buildSite, DESKTOP, openHydrated, PHONE, siteForSuite } from './browser-fixture.js';
import { withServedSite } from './browser.js';
import { tempDir } from './helpers.js';

/** The layout in Chromium: the mobile menu, dropdowns, collapsible categories, hide-on-scroll. */
const site = siteForSuite(BROWSER_FIXTURE, 'browser-layout');

async function withPage(
  options: Parameters<Browser['newContext']>[0],
  path: string,
  use: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await site.browser.newContext(options);
  try {
    await use(await openHydrated(context, site.base + path), context);
  } finally {
    await context.close();
  }
}

/** Polls a condition the page cannot express as one CSS selector. */
async function until(condition: () => Promise<boolean>, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((wait) => setTimeout(wait, 25));
  }
}

const menuPanel = (page: Page): Promise<string | null> =>
  page.locator('#navbar-sidebar [data-menu]').getAttribute('data-menu');

describe('mobile layout (up to 996 px)', () => {
  test('the menu button opens the docs sidebar as the secondary menu, "Back to main menu" leads to the navbar items', () =>
    withPage(PHONE, '/docs/guide/setup/', async (page) => {
      assert.equal(await page.isVisible('#navbar-primary-menu'), false, 'the navbar items fold into the menu');
      assert.equal(await page.getAttribute('[data-mobile-menu-toggle]', 'aria-expanded'), 'false');
      await page.click('[data-mobile-menu-toggle]');
      assert.equal(await page.getAttribute('[data-mobile-menu-toggle]', 'aria-expanded'), 'true');
      assert.equal(await menuPanel(page), 'secondary');
      assert.equal(await page.locator('#navbar-sidebar .docs-sidebar [aria-current="page"]').textContent(), 'Setup');
      await page.click('#navbar-sidebar button:text("Back to main menu")');
      assert.equal(await menuPanel(page), 'primary');
      const items = await page
        .locator('#navbar-sidebar .navbar-sidebar-items > li')
        .evaluateAll((lis) =>
          lis.map(
            (li) =>
              (li.querySelector('summary, a') as HTMLElement).innerText.trim() ||
              li.querySelector('a')?.getAttribute('aria-label'),
          ),
        );
      assert.deepEqual(items, ['Docs', 'More', 'API', 'English', 'Source code on GitHub']);
    }));

  test('on a page outside the docs the menu opens on the primary menu', () =>
    withPage(PHONE, '/', async (page) => {
      await page.click('[data-mobile-menu-toggle]');
      assert.equal(await menuPanel(page), 'primary');
      assert.equal(await page.locator('#navbar-sidebar .navbar-sidebar-back').count(), 0);
    }));

  test('it closes on back navigation, staying on the page', () =>
    withPage(PHONE, '/docs/intro/', async (page) => {
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await page.click('[data-mobile-menu-toggle]');
      assert.equal(await page.isVisible('#navbar-sidebar'), true);
      await page.goBack();
      await page.waitForSelector('#navbar-sidebar', { state: 'detached' });
      assert.equal(new URL(page.url()).pathname, '/kb/docs/intro/');
      assert.equal(await page.evaluate(() => (window as unknown as { marker: number }).marker), 1);
    }));

  test('it closes when the window grows to desktop width', () =>
    withPage(PHONE, '/docs/intro/', async (page) => {
      await page.click('[data-mobile-menu-toggle]');
      await page.setViewportSize({ width: 996, height: 800 });
      await page.waitForTimeout(100);
      assert.equal(await page.isVisible('#navbar-sidebar'), true, 'still mobile at 996 px');
      await page.setViewportSize({ width: 997, height: 800 });
      await page.waitForSelector('#navbar-sidebar', { state: 'detached' });
      assert.equal(await page.isVisible('#navbar-primary-menu'), true);
    }));

  test('following a link in the menu closes it and opens the page; Back then returns to the previous page', () =>
    withPage(PHONE, '/docs/intro/', async (page) => {
      await page.click('[data-mobile-menu-toggle]');
      await page.click('#navbar-sidebar a[href="/kb/docs/guide/deploy/"]');
      await page.waitForFunction(() => document.title.startsWith('Deploy'));
      assert.equal(await page.locator('#navbar-sidebar').count(), 0);
      await page.goBack();
      await page.waitForFunction(() => document.title.startsWith('Introduction'));
    }));
});

describe('dropdowns and collapsible categories', () => {
  test('a dropdown opens and closes with Enter, closes on Escape and on a click outside', () =>
    withPage(DESKTOP, '/docs/intro/', async (page) => {
      const dropdown = '.navbar .navbar-dropdown:has(> summary:text("More"))';
      const open = (): Promise<boolean> => page.locator(dropdown).evaluate((d) => (d as HTMLDetailsElement).open);
      await page.focus(`${dropdown} > summary`);
      await page.keyboard.press('Enter');
      assert.equal(await open(), true);
      assert.equal(await page.isVisible(`${dropdown} a:text("Tuning")`), true);
      await page.keyboard.press('Enter');
      assert.equal(await open(), false);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        'Setup',
        'the menu is keyboard-operable',
      );
      await page.keyboard.press('Escape');
      assert.equal(await open(), false);
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        'More',
        'focus returns to the control',
      );
      await page.click(`${dropdown} > summary`);
      assert.equal(await open(), true);
      await page.click('main h1');
      assert.equal(await open(), false);
    }));

  test('a sidebar category opens and closes with an animation whose duration comes from its content height', () =>
    withPage(DESKTOP, '/docs/intro/', async (page) => {
      const category = '.docs-sidebar details.sidebar-category:has(> summary:has-text("Reference"))';
      const state = (): Promise<{ open: boolean; height: number; transitions: string[] }> =>
        page.locator(category).evaluate((d) => {
          const panel = d.querySelector(':scope > ul') as HTMLElement & { transitions?: string[] };
          return {
            open: (d as HTMLDetailsElement).open,
            height: panel.scrollHeight,
            transitions: panel.transitions ?? [],
          };
        });
      // Records every transition the panel is given, however fast this machine runs the animation.
      await page.locator(category).evaluate((d) => {
        const panel = d.querySelector(':scope > ul') as HTMLElement & { transitions?: string[] };
        panel.transitions = [];
        new MutationObserver(() => {
          if (panel.style.transition) panel.transitions!.push(panel.style.transition);
        }).observe(panel, { attributes: true, attributeFilter: ['style'] });
      });
      assert.equal((await state()).open, false, 'collapsed: it does not hold the current page');
      await page.click(`${category} > summary`);
      await until(async () => (await state()).transitions.length === 1);
      const opened = await state();
      assert.equal(opened.open, true);
      const expected = autoHeightDuration(opened.height);
      assert.ok(opened.height > 50 && expected > 150, `height ${opened.height}, duration ${expected}`);
      assert.deepEqual(opened.transitions, [`height ${expected}ms ease-in-out`]);
      assert.equal(await page.isVisible(`${category} a:text("Glossary")`), true);
      await page.click(`${category} > summary`);
      await until(async () => !(await state()).open);
      assert.deepEqual((await state()).transitions, [
        `height ${expected}ms ease-in-out`,
        `height ${expected}ms ease-in-out`,
      ]);
    }));
});

describe('navbar hide-on-scroll', () => {
  test('off by default: the navbar stays while scrolling down', () =>
    withPage(DESKTOP, '/docs/guide/setup/', async (page) => {
      await page.mouse.wheel(0, 1500);
      await page.waitForTimeout(400);
      assert.ok(await page.evaluate(() => window.scrollY > 1000));
      assert.equal(await page.locator('.navbar.navbar-hidden').count(), 0);
      assert.equal((await page.locator('.navbar').boundingBox())?.y, 0);
    }));

  test('when configured, the navbar hides while scrolling down and returns when scrolling up', async () => {
    // The fixture with `navbar.hideOnScroll: true`, from a config in a temporary folder.
    const fixture = resolve(BROWSER_FIXTURE, '..');
    const config = parse(await readFile(BROWSER_FIXTURE, 'utf8')) as {
      navbar: { hideOnScroll?: boolean };
      contentDir?: string;
      apis: Array<{ spec: string }>;
    };
    config.navbar.hideOnScroll = true;
    const dir = await tempDir('hide-on-scroll');
    // Copied in: the site reads its files only inside the config's folder.
    await cp(join(fixture, 'content'), join(dir, 'content'), { recursive: true });
    for (const api of config.apis) await cp(join(fixture, api.spec), join(dir, api.spec), { recursive: true });
    const file = join(dir, 'site-config.yaml');
    await writeFile(file, stringify(config));
    const out = await buildSite(file, 'hide-on-scroll-out');
    await withServedSite(file, out, async (other, url) => {
      const page = await openHydrated(await other.newContext(DESKTOP), `${url}docs/guide/setup/`);
      await page.mouse.wheel(0, 1500);
      await page.waitForSelector('.navbar.navbar-hidden');
      await page.waitForTimeout(300);
      assert.ok(((await page.locator('.navbar').boundingBox())?.y ?? 0) < -10, 'moved out of view');
      await page.mouse.wheel(0, -300);
      await page.waitForSelector('.navbar:not(.navbar-hidden)');
    });
  });
});

describe('table of contents', () => {
  test('marks the section being read as the page scrolls, and at the bottom the last heading in view', () =>
    withPage(DESKTOP, '/docs/reference/limits/', async (page) => {
      const marked = page.locator('.table-of-contents a.toc-current');
      // Where its entry in the table of contents takes the reader: the heading just below the navbar.
      await page.evaluate(() => document.getElementById('per-day')?.scrollIntoView());
      await page.waitForSelector('.table-of-contents a.toc-current[aria-current="location"][href="#per-day"]');
      assert.equal(await marked.count(), 1);
      // Following an entry marks it, not the subheading right under its heading.
      await page.click('.table-of-contents a[href="#storage"]');
      await page.waitForSelector('.table-of-contents a.toc-current[href="#storage"]');
      assert.equal(await marked.count(), 1);
      // The last two sections are too short to reach the top: at the bottom, the last heading in view.
      await page.mouse.wheel(0, 5000);
      await page.waitForSelector('.table-of-contents a.toc-current[aria-current="location"][href="#names"]');
      assert.equal(await marked.count(), 1);
      assert.equal(await page.locator('.table-of-contents [aria-current]').count(), 1);
    }));
});
