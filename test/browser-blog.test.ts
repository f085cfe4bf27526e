import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seriousViolations } from './axe.js';
import { DESKTOP, siteForSuite, waitHydrated } from './browser-fixture.js';
import { BLOG_FIXTURE } from './blog-helpers.js';
import { h1, pageOpener } from './browser-navigation-helpers.js';

/** The blog in Chromium: its sidebar, a post's reading-time line, and client navigation from the list to a post. */
const site = siteForSuite(BLOG_FIXTURE, 'browser-blog');
const open = pageOpener(site);

describe('the blog in the browser', () => {
  test('the list shows the recent posts by year beside it; a post opens in place, with its date and reading time', async () => {
    const errors: string[] = [];
    const page = await open('/blog/', async (p) => {
      p.on('pageerror', (e) => errors.push(e.message));
    });
    const sidebar = page.locator('.blog-sidebar');
    assert.ok(await sidebar.isVisible());
    assert.deepEqual(await sidebar.locator('h2').allTextContents(), ['2025', '2024']);
    assert.equal(await page.locator('.blog-summary .blog-reading-time').first().textContent(), '3 min read');

    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('.blog-summary h2 a', { hasText: 'Release notes for March' }).click();
    await page.waitForURL('**/blog/release-notes/');
    assert.equal(await h1(page), 'Release notes for March');
    assert.equal(
      await page.locator('.blog-post-meta').textContent(),
      'March 10, 2025 · 3 min read',
      'the date and reading time under the title',
    );
    assert.equal(await page.locator('.blog-sidebar [aria-current=page]').textContent(), 'Release notes for March');
    // The client swapped the page in: the window is the same one.
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1);
    await page.waitForFunction(() => document.title === 'Release notes for March | Blog Fixture');

    await page.locator('.pagination-nav a[rel=next]').click();
    await page.waitForURL('**/blog/hello-search/');
    assert.equal(await page.locator('.blog-reading-time').textContent(), '1 min read');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  for (const mode of ['light', 'dark'] as const)
    test(`a post and the tags index in ${mode} mode: no serious or critical accessibility violation`, async () => {
      // axe-core goes in as an inline script, which the served Content-Security-Policy (rightly) blocks.
      const context = await site.browser.newContext({ ...DESKTOP, bypassCSP: true });
      await context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      const page = await context.newPage();
      for (const path of ['/blog/release-notes/', '/blog/tags/']) {
        await page.goto(site.base + path);
        await waitHydrated(page);
        assert.deepEqual(await seriousViolations(page), [], path);
      }
      await context.close();
    });
});
