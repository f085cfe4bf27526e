import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  BROWSER_FIXTURE,
  buildSite,
  DESKTOP,
  openHydrated,
  siteForSuite,
  sitePath,
  waitHydrated,
} from './browser-fixture.js';
import { withSiteInBrowser } from './browser.js';
import { tempDir } from './helpers.js';

/** Stored preferences in Chromium: what the reader's browser remembers, and what happens when it cannot. */
const site = siteForSuite(BROWSER_FIXTURE, 'browser-prefs');

const theme = (page: Page): Promise<string | null> =>
  page.evaluate(() => document.documentElement.getAttribute('data-theme'));
const stored = (page: Page, key: string): Promise<string | null> => page.evaluate((k) => localStorage.getItem(k), key);

async function withContext(
  options: Parameters<Browser['newContext']>[0],
  use: (context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await site.browser.newContext({ ...DESKTOP, ...options });
  try {
    await use(context);
  } finally {
    await context.close();
  }
}

describe('colour mode', () => {
  test('light by default even when the system prefers dark; the enabled toggle stores the choice under "theme"', () =>
    withContext({ colorScheme: 'dark' }, async (context) => {
      const page = await openHydrated(context, `${site.base}/docs/intro/`);
      assert.equal(await theme(page), 'light');
      assert.equal(await page.isEnabled('[data-color-mode-toggle]'), true);
      assert.equal(
        await page.getAttribute('[data-color-mode-toggle]', 'aria-label'),
        'Switch between dark and light mode (currently light mode)',
      );
      await page.click('[data-color-mode-toggle]');
      assert.equal(await theme(page), 'dark');
      assert.equal(await stored(page, 'theme'), 'dark');
      assert.equal(
        await page.getAttribute('[data-color-mode-toggle]', 'aria-label'),
        'Switch between dark and light mode (currently dark mode)',
      );
      // The page's background really changed.
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(27, 27, 29)');
      // It survives client navigation.
      await page.click('.docs-sidebar a[href="/kb/docs/guide/setup/"]');
      await page.waitForFunction(() => document.title.startsWith('Setup'));
      assert.equal(await theme(page), 'dark');
    }));

  test('a stored mode is applied before first paint, by the head script, without waiting for the bundle', () =>
    withContext({}, async (context) => {
      await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
      const page = await context.newPage();
      // The bundle never arrives, and the first body element already sits on a dark page.
      await page.route('**/assets/js/**', (route) => route.abort());
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (!document.body) return;
          (window as unknown as { firstBodyTheme: string | null }).firstBodyTheme =
            document.documentElement.getAttribute('data-theme');
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(`${site.base}/docs/intro/`);
      assert.equal(
        await page.evaluate(() => (window as unknown as { firstBodyTheme: string | null }).firstBodyTheme),
        'dark',
      );
      assert.equal(await theme(page), 'dark');
      assert.equal(
        await page.isDisabled('[data-color-mode-toggle]'),
        true,
        'without the client the toggle stays disabled',
      );
    }));

  test('a choice made in one tab is applied in the other open tabs', () =>
    withContext({}, async (context) => {
      const first = await openHydrated(context, `${site.base}/docs/intro/`);
      const second = await openHydrated(context, `${site.base}/docs/guide/setup/`);
      assert.equal(await theme(second), 'light');
      await first.click('[data-color-mode-toggle]');
      await second.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
      assert.equal(
        await second.getAttribute('[data-color-mode-toggle]', 'aria-label'),
        'Switch between dark and light mode (currently dark mode)',
      );
      await second.click('[data-color-mode-toggle]');
      await first.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
    }));
});

describe('announcement bar', () => {
  test('dismissable; the dismissal and the bar id are stored, and a dismissed bar stays hidden from first paint', () =>
    withContext({}, async (context) => {
      const page = await openHydrated(context, `${site.base}/docs/intro/`);
      assert.equal(await page.isVisible('.announcement-bar'), true);
      assert.equal(
        await page.locator('.announcement-content').innerHTML(),
        'Release <strong>2</strong> is out: read the <a href="https://example.com/notes">release notes</a>.',
      );
      await page.click('button[aria-label="Close the announcement"]');
      assert.equal(await page.locator('.announcement-bar').count(), 0);
      assert.equal(await stored(page, 'announcement-dismissed'), 'true');
      assert.equal(await stored(page, 'announcement-id'), 'release-2');
      // Stays closed on the next page and after a reload, even before the bundle runs.
      await page.click('.docs-sidebar a[href="/kb/docs/guide/setup/"]');
      await page.waitForFunction(() => document.title.startsWith('Setup'));
      assert.equal(await page.locator('.announcement-bar').count(), 0);
      await page.route('**/assets/js/**', (route) => route.abort());
      await page.reload();
      assert.equal(await page.locator('.announcement-bar').count(), 1, 'the server rendered it');
      assert.equal(await page.isVisible('.announcement-bar'), false, 'the head script hid it');
    }));

  test('a different configured id shows the bar again and resets the stored dismissal', () =>
    withContext({}, async (context) => {
      await context.addInitScript(() => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('announcement-dismissed', 'true');
        localStorage.setItem('announcement-id', 'release-1');
      });
      const page = await openHydrated(context, `${site.base}/docs/intro/`);
      assert.equal(await page.isVisible('.announcement-bar'), true);
      assert.equal(await stored(page, 'announcement-dismissed'), 'false');
      assert.equal(await stored(page, 'announcement-id'), 'release-2');
    }));
});

describe('storage unavailable', () => {
  test('with a localStorage that throws, the site keeps working and warns once in the console', () =>
    withContext({}, async (context) => {
      await context.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      });
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on('console', (message) => (message.type() === 'warning' ? warnings.push(message.text()) : undefined));
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${site.base}/docs/intro/`);
      await waitHydrated(page);
      // On load already, before anything is stored or read by the client: the head script warns.
      assert.deepEqual(warnings, [
        'Browser storage is unavailable: preferences such as the colour mode will not be remembered.',
      ]);
      await page.click('[data-color-mode-toggle]');
      assert.equal(await theme(page), 'dark');
      await page.click('button[aria-label="Close the announcement"]');
      assert.equal(await page.locator('.announcement-bar').count(), 0);
      await page.click('.docs-sidebar a[href="/kb/docs/guide/setup/"]');
      await page.waitForFunction(() => document.title.startsWith('Setup'));
      assert.deepEqual(warnings, [
        'Browser storage is unavailable: preferences such as the colour mode will not be remembered.',
      ]);
      assert.deepEqual(errors, []);
      // A new page load warns again, once.
      await page.reload();
      await waitHydrated(page);
      assert.equal(warnings.length, 2);
    }));
});

describe('preferred API version', () => {
  test('choosing a version stores it under docs-preferred-version-<service>; a stored version that no longer exists is cleared', () =>
    withContext({}, async (context) => {
      const page = await openHydrated(context, `${site.base}/api/versioned/`);
      const menu = '.api-version-menu';
      await page.click(`${menu} > summary`);
      const versions = await page
        .locator(`${menu} a[data-version]`)
        .evaluateAll((links) => links.map((a) => a.getAttribute('data-version')));
      assert.deepEqual(versions, ['1.1.0', '1.1.0-rc.1', '1.0.0']);
      await page.click(`${menu} a[data-version="1.0.0"]`);
      await page.waitForFunction(() => document.querySelector('.api-version-menu > summary')?.textContent === '1.0.0');
      assert.equal(await stored(page, 'docs-preferred-version-versioned'), '1.0.0');
      // The changelog link is not a version.
      await page.click(`${menu} > summary`);
      await page.click(`${menu} a[data-changelog]`);
      await page.waitForFunction(() => location.pathname.endsWith('/changelog/'));
      assert.equal(await stored(page, 'docs-preferred-version-versioned'), '1.0.0');
      // A version that was withdrawn: cleared on the next reference page the reader opens.
      await page.evaluate(() => localStorage.setItem('docs-preferred-version-versioned', '0.9.0'));
      await page.goto(`${site.base}/api/versioned/`);
      await waitHydrated(page);
      await page.waitForFunction(() => localStorage.getItem('docs-preferred-version-versioned') === null);
    }));
});

describe('wrong base URL', () => {
  test('a banner warns when the site is served from a path other than its base URL, and only then', async () => {
    await withContext({}, async (context) => {
      const page = await openHydrated(context, `${site.base}/docs/intro/`);
      assert.equal(await page.isVisible('#base-url-issue'), false);
    });
    await withSiteInBrowser(sitePath(site.out), '/elsewhere/', async (other, origin) => {
      const page = await other.newPage();
      await page.goto(`${origin}/elsewhere/docs/intro/`);
      await page.waitForSelector('#base-url-issue', { state: 'visible' });
      assert.match(
        (await page.locator('#base-url-issue').textContent()) ?? '',
        /built for the base URL \/kb\/ but is being served from another path/,
      );
    });
  });

  test('with baseUrl /, the banner shows when the site is served under a prefix (its stylesheet did not apply), and not at the root', async () => {
    const dir = await tempDir('root-base-site');
    await cp('test/fixtures/sites/minimal-clean', dir, { recursive: true });
    const config = join(dir, 'site-config.yaml');
    await writeFile(config, (await readFile(config, 'utf8')).replace('baseUrl: /docs-site/', 'baseUrl: /'));
    const out = await buildSite(config, 'root-base-out');
    const banner = async (served: string, path: string): Promise<boolean> =>
      withSiteInBrowser(sitePath(out), served, async (browser, origin) => {
        const page = await browser.newPage();
        await page.goto(`${origin}${path}`, { waitUntil: 'load' });
        return page.isVisible('#base-url-issue');
      });
    assert.equal(await banner('/', '/docs/intro/'), false);
    assert.equal(await banner('/site/', '/site/docs/intro/'), true);
  });
});
