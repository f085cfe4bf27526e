import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { FULL_SIDEBAR_ENTRIES } from '../generator/render/index.js';
import { autoHeightDuration } from '../templates/client/collapsible.js';
import type { PageData, SiteModel } from '../templates/model.js';
import { DESKTOP, openHydrated, PHONE, sitePath, siteForSuite } from './browser-fixture.js';
import { Page as Html } from './html.js';
import { tempDir } from './helpers.js';

/**
 * A sidebar too large to repeat on every page (more than FULL_SIDEBAR_ENTRIES entries): collapsed
 * categories are written with their first entry only, and the client renders the rest from the
 * site model when one opens, in the page and in the mobile menu.
 */
const SECTIONS = 14;
const PER_SECTION = 20;
const pad = (n: number): string => String(n).padStart(2, '0');

async function generatedProject(): Promise<string> {
  const dir = await tempDir('large-sidebar');
  // Docs only, no home page: `specsite serve` must still serve it.
  await writeFile(join(dir, 'site-config.yaml'), 'title: Large\nurl: https://large.example\n');
  for (let s = 0; s < SECTIONS; s++) {
    const folder = join(dir, 'content/docs', `section-${pad(s)}`);
    await mkdir(folder, { recursive: true });
    for (let p = 0; p < PER_SECTION; p++) {
      await writeFile(
        join(folder, `page-${pad(p)}.md`),
        `---\ntitle: Page ${s}.${p}\ndescription: Page ${p} of section ${s}.\n---\n\nText of page ${s}.${p}.\n`,
      );
    }
  }
  return join(dir, 'site-config.yaml');
}

const config = await generatedProject();
const site = siteForSuite(config, 'large-sidebar');
const href = (s: number, p: number): string => `/docs/section-${pad(s)}/page-${pad(p)}/`;
const category = (s: number): string => `details.sidebar-category:has(> summary:has-text("Section ${pad(s)}"))`;
const linksIn = (page: Page, scope: string, s: number): Promise<Array<string | null>> =>
  page
    .locator(`${scope} ${category(s)} > ul > li > a`)
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
const allOf = (s: number): string[] => Array.from({ length: PER_SECTION }, (_, p) => href(s, p));

describe('a sidebar too large for every page', () => {
  let html: Html;
  let data: PageData;
  let model: SiteModel;
  before(async () => {
    html = await Html.read(sitePath(site.out, 'docs/section-03/page-05/index.html'));
    data = JSON.parse(html.text('#__site-data') ?? '') as PageData;
    model = JSON.parse(await readFile(sitePath(site.out, data.siteData), 'utf8')) as SiteModel;
  });

  test('a docs-only site is served: no home page, so / answers 404', async () => {
    const response = await fetch(`${site.base}/`);
    assert.equal(response.status, 404);
    assert.equal((await fetch(`${site.base}${href(0, 0)}`)).status, 200);
  });

  test('is lazy above the limit: the page names the site model, which holds every entry', () => {
    assert.ok(SECTIONS * (PER_SECTION + 1) > FULL_SIDEBAR_ENTRIES);
    assert.equal(model.lazySidebar, true);
    assert.deepEqual(
      model.sidebar.map((c) => (c.type === 'category' ? c.items.length : 0)),
      Array.from({ length: SECTIONS }, () => PER_SECTION),
    );
    assert.deepEqual(data, { route: href(3, 5), siteData: data.siteData });
    assert.match(data.siteData, /^\/assets\/site-data\.[0-9a-f]{10}\.json$/);
    assert.equal(html.attr('link[rel="preload"][as="fetch"]', 'href'), data.siteData);
  });

  test('the page writes its own category whole and every other one with its first entry and a count', () => {
    const hrefs = (selector: string): string[] => html.all(selector).map((a) => String(a.properties.href));
    assert.deepEqual(hrefs('#docs-sidebar details.sidebar-category[open] > ul > li > a'), allOf(3));
    assert.equal(html.attr('#docs-sidebar [aria-current="page"]', 'href'), href(3, 5));
    const lazy = html.all('#docs-sidebar ul[data-sidebar-lazy]').map((ul) => {
      const list = new Html({ type: 'root', children: [ul] });
      return `${String(ul.properties.dataSidebarLazy)} ${list.attr('a', 'href')} ${list.text('.sidebar-more')}`;
    });
    assert.deepEqual(
      lazy,
      Array.from({ length: SECTIONS }, (_, s) => s)
        .filter((s) => s !== 3)
        .map((s) => `${s} ${href(s, 0)} and ${PER_SECTION - 1} more`),
    );
    assert.equal(html.all('#docs-sidebar a').length, PER_SECTION + SECTIONS - 1);
  });

  test('opening a collapsed category renders all its entries, animated to their full height', async () => {
    const context = await site.browser.newContext(DESKTOP);
    try {
      const page = await openHydrated(context, `${site.base}${href(3, 5)}`);
      const target = `#docs-sidebar ${category(9)}`;
      await page.locator(`${target} > ul`).evaluate((panel: HTMLElement & { transitions?: string[] }) => {
        panel.transitions = [];
        new MutationObserver(() =>
          panel.style.transition ? panel.transitions!.push(panel.style.transition) : undefined,
        ).observe(panel, { attributes: true, attributeFilter: ['style'] });
      });
      await page.click(`${target} > summary`);
      assert.deepEqual(await linksIn(page, '#docs-sidebar', 9), allOf(9));
      assert.equal(await page.locator(`${target} > ul`).getAttribute('data-sidebar-lazy'), null);
      const panel = (): Promise<{ height: number; transitions: string[] }> =>
        page.locator(`${target} > ul`).evaluate((ul: HTMLElement & { transitions?: string[] }) => ({
          height: ul.scrollHeight,
          transitions: ul.transitions ?? [],
        }));
      for (let tries = 0; (await panel()).transitions.length === 0; tries++) {
        assert.ok(tries < 100, 'the category never animated');
        await page.waitForTimeout(20);
      }
      const { height, transitions } = await panel();
      assert.ok(height > PER_SECTION * 20, `the panel is ${height}px high: all its entries`);
      assert.deepEqual(transitions, [`height ${autoHeightDuration(height)}ms ease-in-out`]);

      // Followed in place: the new page's sidebar is lazy about its own neighbours too.
      await page.click(`${target} a[href="${href(9, 7)}"]`);
      await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Page 9.7');
      assert.equal(await page.locator('#docs-sidebar [aria-current="page"]').getAttribute('href'), href(9, 7));
      await page.click(`#docs-sidebar ${category(0)} > summary`);
      assert.deepEqual(await linksIn(page, '#docs-sidebar', 0), allOf(0));
    } finally {
      await context.close();
    }
  });

  test('in the mobile menu, a collapsed category renders its entries when opened', async () => {
    const context = await site.browser.newContext(PHONE);
    try {
      const page = await openHydrated(context, `${site.base}${href(3, 5)}`);
      await page.click('[data-mobile-menu-toggle]');
      const menu = '#navbar-sidebar';
      assert.deepEqual(await linksIn(page, menu, 3), allOf(3));
      assert.deepEqual(await linksIn(page, menu, 12), [href(12, 0)]);
      await page.click(`${menu} ${category(12)} > summary`);
      await page.locator(`${menu} ${category(12)} > ul > li:nth-child(2) > a`).waitFor();
      assert.deepEqual(await linksIn(page, menu, 12), allOf(12));
    } finally {
      await context.close();
    }
  });

  test('without JavaScript, a collapsed category opens to its first entry, which leads to a page where it is whole', async () => {
    const context = await site.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${site.base}${href(3, 5)}`);
      await page.click(`#docs-sidebar ${category(6)} > summary`);
      assert.equal(await page.isVisible(`#docs-sidebar ${category(6)} .sidebar-more`), true);
      await page.click(`#docs-sidebar ${category(6)} a`);
      await page.waitForURL(`**${href(6, 0)}`);
      assert.deepEqual(await linksIn(page, '#docs-sidebar', 6), allOf(6));
    } finally {
      await context.close();
    }
  });
});
