import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { withSiteInBrowser } from './browser.js';
import { buildRealSite } from './site-real-helpers.js';

/** Issue 41, Deliver 5 and 6, on the real site in Chromium: a short overview that fits a phone, a sidebar without strikes. */
let site: string;

async function atWidth<T>(width: number, route: string, use: (page: Page) => Promise<T>): Promise<T> {
  return withSiteInBrowser(site, '/', async (browser: Browser, origin) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    try {
      await page.goto(origin + route);
      return await use(page);
    } finally {
      await page.close();
    }
  });
}

describe('the datasource reference in Chromium', () => {
  before(async () => {
    const { out, result } = await buildRealSite();
    assert.deepEqual(result.diagnostics, []);
    site = join(out, 'site');
  });

  test('the overview is short at 1400 px (it was 6,400 px, a hundred role links one per line)', () =>
    atWidth(1400, '/api/datasource/', async (page) => {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(height < 2500, `the overview page is ${height} px high`);
    }));

  test('nothing in the overview or the header is wider than a 390 px phone', () =>
    atWidth(390, '/api/datasource/', async (page) => {
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('.api-header, .api-header *, .api-overview, .api-overview *')]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
      );
      assert.deepEqual(wide, []);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      assert.ok(scrollWidth <= clientWidth, `the page is ${scrollWidth} px wide`);
    }));

  test('deprecated operations in the sidebar are dimmed, never struck through', () =>
    atWidth(1400, '/api/datasource/buckets/', async (page) => {
      const entries = await page.$$eval('.api-nav a.api-nav-operation.deprecated', (links) =>
        links.map((a) => ({
          struck: [a, ...a.querySelectorAll('*')].some((e) =>
            getComputedStyle(e).textDecorationLine.includes('line-through'),
          ),
          color: getComputedStyle(a).color,
        })),
      );
      assert.ok(entries.length > 0, 'the buckets page lists deprecated operations');
      assert.deepEqual(
        entries.filter((e) => e.struck),
        [],
      );
      // Dimmed: lighter than the sidebar's other links (its Overview link is one).
      const other = await page.$eval('.api-nav > ul > li:first-child > a', (a) => getComputedStyle(a).color);
      assert.notEqual(entries[0]?.color, other);
    }));
});
