import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { BuildReport } from '../generator/commands/build.js';
import { seriousViolations } from './axe.js';
import { DESKTOP, siteForSuite, waitHydrated } from './browser-fixture.js';

/**
 * The real site in Chromium: axe-core finds no serious or critical violation on the home page, a docs
 * page and an API page in either colour mode; keyboard focus is visible; the JavaScript stays within
 * its budgets. The time a page's script takes is measured by `npm run bench:load` (scripts/bench-load.mjs).
 */
const PAGES = { home: '/', docs: '/docs/architecture/', api: '/api/searcher/' } as const;

const site = siteForSuite('site-config.yaml', 'browser-a11y');

describe('accessibility of the real site (axe-core)', () => {
  for (const mode of ['light', 'dark'] as const) {
    for (const [kind, path] of Object.entries(PAGES)) {
      test(`${kind} page in ${mode} mode: no serious or critical violation`, async () => {
        // axe-core goes in as an inline script, which the served Content-Security-Policy (rightly) blocks.
        const context = await site.browser.newContext({ ...DESKTOP, bypassCSP: true });
        await context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
        const page = await context.newPage();
        await page.goto(site.base + path);
        await waitHydrated(page);
        assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), mode);
        assert.deepEqual(await seriousViolations(page), []);
        await context.close();
      });
    }
  }

  test('keyboard: the skip link comes first, focus is visible, icon buttons and links have names', async () => {
    const context = await site.browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(site.base + PAGES.docs);
    await waitHydrated(page);
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => ({
      text: document.activeElement?.textContent,
      outline: getComputedStyle(document.activeElement!).outlineStyle,
      top: document.activeElement!.getBoundingClientRect().top,
    }));
    assert.deepEqual({ text: first.text, visible: first.top >= 0 }, { text: 'Skip to main content', visible: true });
    await page.keyboard.press('Enter');
    // The client's router handles the click and sets the hash a moment later: wait for it (a bounded
    // wait), then assert, so that a slow machine does not fail a link that works.
    await page
      .waitForFunction(() => location.hash === '#main-content', undefined, { timeout: 5000 })
      .catch(() => undefined);
    assert.equal(new URL(page.url()).hash, '#main-content');
    // Tab on to the colour-mode toggle: an icon button with a name and a visible focus ring.
    await page.focus('[data-color-mode-toggle]');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const toggle = await page.evaluate(() => ({
      label: document.activeElement?.getAttribute('aria-label'),
      outline: getComputedStyle(document.activeElement!).outlineStyle,
    }));
    assert.equal(toggle.label, 'Switch between dark and light mode (currently light mode)');
    assert.notEqual(toggle.outline, 'none');
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('button, a[href]')]
        .filter((e) => !(e.textContent ?? '').trim() && !e.getAttribute('aria-label'))
        .map((e) => e.outerHTML.slice(0, 80)),
    );
    assert.deepEqual(unnamed, []);
    await context.close();
  });
});

describe('weight and speed', () => {
  test('the JavaScript a docs page and an API page load as they open is within budget, as the build report says', async (t) => {
    const { javascript } = JSON.parse(await readFile(join(site.out, 'build-report.json'), 'utf8')) as BuildReport;
    assert.equal(javascript.budgets.doc, 20 * 1024);
    assert.equal(javascript.budgets.api, 25 * 1024);
    const context = await site.browser.newContext(DESKTOP);
    for (const [kind, path] of [
      ['doc', PAGES.docs],
      ['api', PAGES.api],
    ] as const) {
      const load = javascript.load[kind];
      assert.ok(load.gzipBytes > 1000 && load.gzipBytes <= javascript.budgets[kind], `${kind}: ${load.gzipBytes} B`);
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) =>
        request.resourceType() === 'script' ? scripts.push(new URL(request.url()).pathname) : undefined,
      );
      await page.goto(site.base + path);
      await waitHydrated(page);
      await page.waitForLoadState('networkidle');
      // The files the report weighs, and no other: the search dialog and the progress bar wait for their first use.
      assert.deepEqual(scripts.sort(), load.files.map((file) => `/${file}`).sort(), kind);
      assert.ok(load.files.includes(javascript.file), kind);
      t.diagnostic(
        `${kind} page JavaScript at load: ${(load.gzipBytes / 1024).toFixed(1)} KB gzip (${(load.bytes / 1024).toFixed(1)} KB minified) in ${load.files.length} files`,
      );
    }
    // An API page loads the reference's chunk besides what a docs page loads.
    assert.ok(javascript.load.api.files.length > javascript.load.doc.files.length);
    await context.close();
  });
});
