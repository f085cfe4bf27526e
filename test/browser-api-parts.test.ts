import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { fromHtml } from 'hast-util-from-html';
import type { Page as Tab } from 'playwright-core';
import { DESKTOP, openHydrated, siteForSuite } from './browser-fixture.js';
import { Page } from './html.js';

/**
 * Issue 41: the stubs of a long reference page (the real site's datasource reference) get their
 * bodies as the reader nears them, a link to a stub's anchor lands on its whole section, and
 * without JavaScript each stub links to its fragment, a page that reads on its own.
 */
const site = siteForSuite('site-config.yaml', 'browser-api-parts');

/** The reference page of the datasource API with the most stubs, and their ids in page order. */
let route = '';
let stubs: string[] = [];

/** Whether the section of `id` holds its whole body (its responses), and where its top is in the window. */
function section(tab: Tab, id: string): Promise<{ whole: boolean; top: number } | null> {
  return tab.evaluate((id) => {
    const element = document.getElementById(id);
    if (!element) return null;
    return {
      whole: !element.classList.contains('api-stub') && element.querySelector('.api-response') !== null,
      top: element.getBoundingClientRect().top,
    };
  }, id);
}

describe('the stubs of a long reference page', () => {
  // Inside the suite: the site is built by the file's own `before`, which must have run.
  before(async () => {
    const root = join(site.out, 'site/api/datasource');
    for (const file of await readdir(root, { recursive: true })) {
      if (!file.endsWith('index.html')) continue;
      const page = new Page(fromHtml(await readFile(join(root, file), 'utf8')));
      const ids = page.all('main .api-tag > section.api-stub').map((s) => String(s.properties.id));
      if (ids.length > stubs.length) [route, stubs] = [`/api/datasource/${file.replace(/index\.html$/, '')}`, ids];
    }
  });

  test('the datasource reference has a page with stubs', () => {
    assert.ok(stubs.length >= 3, `${route}: ${stubs.join(' ')}`);
  });

  test('a link to a stub lands on its whole section, at the top of the window, while the stubs above it load', async () => {
    const context = await site.browser.newContext(DESKTOP);
    try {
      const target = stubs.at(-1) as string;
      const tab = await openHydrated(context, `${site.base}${route}#${encodeURIComponent(target)}`);
      await tab.waitForFunction((id) => {
        const element = document.getElementById(id);
        return element !== null && !element.classList.contains('api-stub');
      }, target);
      // Let the stubs within reach above it load too: the section must stay where the link put it.
      await tab.waitForTimeout(800);
      const landed = await section(tab, target);
      assert.equal(landed?.whole, true);
      assert.ok(landed && landed.top >= 0 && landed.top < 150, `the section's top is at ${landed?.top} px`);
    } finally {
      await context.close();
    }
  });

  test('scrolling down the page fills in every stub, with working sample tabs', async () => {
    const context = await site.browser.newContext(DESKTOP);
    try {
      const tab = await openHydrated(context, `${site.base}${route}`);
      for (let i = 0; i < 40; i++) {
        await tab.mouse.wheel(0, 1200);
        await tab.waitForTimeout(60);
        if ((await tab.locator('section.api-stub').count()) === 0) break;
      }
      await tab.waitForFunction(() => document.querySelectorAll('section.api-stub').length === 0);
      for (const id of stubs) assert.equal((await section(tab, id))?.whole, true, id);
      // The samples of a filled section are tabs like those of the page's own sections.
      const last = stubs.at(-1) as string;
      const tabs = await tab.evaluate(
        (id) => document.getElementById(id)?.querySelectorAll('[data-tabs-ready] [role="tab"]').length ?? 0,
        last,
      );
      assert.ok(tabs > 0, 'the filled section has tabs');
    } finally {
      await context.close();
    }
  });

  test('without JavaScript a stub holds its anchor and links to its fragment, which reads on its own', async () => {
    const context = await site.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    try {
      const target = stubs.at(-1) as string;
      const tab = await context.newPage();
      await tab.goto(`${site.base}${route}#${encodeURIComponent(target)}`);
      const stub = await section(tab, target);
      assert.equal(stub?.whole, false);
      // In view: the last stub of a page may sit too near its end to be scrolled to the top.
      assert.ok(stub && stub.top >= 0 && stub.top < 600, `the stub's top is at ${stub?.top} px`);
      await tab.locator(`[id="${target}"] .api-stub-more a`).click();
      await tab.waitForLoadState();
      assert.match(tab.url(), /\/_parts\/[a-z0-9-]+\.html$/);
      assert.equal((await section(tab, target))?.whole, true);
      await tab.locator('.api-part-back a').click();
      await tab.waitForLoadState();
      assert.equal(new URL(tab.url()).pathname, route);
      assert.equal(decodeURIComponent(new URL(tab.url()).hash.slice(1)), target);
    } finally {
      await context.close();
    }
  });
});
