import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { openHydrated, siteForSuite } from './browser-fixture.js';

/**
 * A reference taller than the window, in Chromium: until the client starts, the operations out of
 * view wait to be laid out (the first paint waits for the ones in view only), yet the page reads,
 * links and opens its menus as before; once the client has started, every operation is laid out.
 */
const site = siteForSuite('test/fixtures/paint-site/site-config.yaml', 'browser-api-paint');
const PAGE = '/api/long/';
const WIDE: BrowserContextOptions = { viewport: { width: 1400, height: 900 } };

/** For each operation of the page: whether its content is laid out and painted (not skipped as out of view). */
function rendered(page: Page): Promise<boolean[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.api-tag > .api-operation')].map(
      (op) => op.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) ?? false,
    ),
  );
}

async function until(condition: () => Promise<boolean>, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((wait) => setTimeout(wait, 25));
  }
}

describe('a long reference before and after its client starts', () => {
  test('without JavaScript: the operations in view are laid out, those further down wait until scrolled near', async () => {
    const context = await site.browser.newContext({ ...WIDE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(site.base + PAGE);
      const shown = await rendered(page);
      assert.equal(shown.length, 8);
      assert.equal(shown[0], true, 'the first operation is laid out');
      assert.equal(shown.at(-1), false, 'the last one waits');
      // Its text is in the page all the same (find-in-page, assistive tools).
      assert.match((await page.locator('#putThing8').textContent()) ?? '', /Replace thing 8/);
      await page.locator('#putThing8').scrollIntoViewIfNeeded();
      await until(async () => (await rendered(page)).at(-1) === true);
    } finally {
      await context.close();
    }
  });

  test('without JavaScript: a link to an operation far down lands on it, and the version menu opens above the operations', async () => {
    const context = await site.browser.newContext({ ...WIDE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${site.base}${PAGE}#putThing7`);
      const box = await page.locator('#putThing7').boundingBox();
      assert.ok(box && box.y >= 0 && box.y < 200, `the operation is at the top of the window (${box?.y})`);
      await page.goto(site.base + PAGE);
      await page.click('.api-version-menu > summary');
      const links = page.locator('.api-version-menu .dropdown-menu a');
      assert.ok((await links.count()) >= 2);
      for (const link of await links.all()) {
        // What a click at the link's middle reaches: the link, not an operation painted over it.
        const reached = await link.evaluate((a) => {
          const r = a.getBoundingClientRect();
          return a.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        });
        assert.ok(reached, `${await link.textContent()} can be clicked`);
      }
    } finally {
      await context.close();
    }
  });

  test('once the client has started, every operation is laid out at its real height', async () => {
    const context = await site.browser.newContext(WIDE);
    try {
      const page = await openHydrated(context, site.base + PAGE);
      await page.waitForFunction(() => document.documentElement.classList.contains('api-laid-out'));
      assert.deepEqual(await rendered(page), Array(8).fill(true));
      assert.deepEqual(
        await page.evaluate(() =>
          [...document.querySelectorAll('.api-tag > .api-operation')].map(
            (op) => getComputedStyle(op).contentVisibility,
          ),
        ),
        Array(8).fill('visible'),
      );
    } finally {
      await context.close();
    }
  });
});
