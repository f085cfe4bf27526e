import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { openHydrated, siteForSuite } from './browser-fixture.js';

/**
 * The reference's panes in Chromium, on a page of the real site's largest reference: three panes from 1200 px,
 * two up to 1199, one at 996 and below (with the reference's navigation in the mobile menu), and
 * the sidebar entry of the operation being read.
 */
const site = siteForSuite('site-config.yaml', 'browser-api-panes');
/** A tag page of the largest reference, far down its navigation, so the sidebar has to scroll to its entries. */
const PAGE = '/api/datasource/templates/';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type Box = { x: number; y: number; width: number; height: number };

const viewport = (width: number, height = 900): BrowserContextOptions => ({ viewport: { width, height } });

async function withReference(
  options: BrowserContextOptions,
  use: (page: Page) => Promise<void>,
  path = PAGE,
): Promise<void> {
  const context = await site.browser.newContext(options);
  try {
    const page =
      options.javaScriptEnabled === false ? await context.newPage() : await openHydrated(context, site.base + path);
    if (options.javaScriptEnabled === false) await page.goto(site.base + path);
    await use(page);
  } finally {
    await context.close();
  }
}

/** The boxes of the sidebar and of the text and aside of the `index`th operation (null: not rendered). */
function boxes(page: Page, index = 3): Promise<Record<'sidebar' | 'text' | 'aside', Box | null>> {
  return page.evaluate((i) => {
    const box = (element: Element | null | undefined): Box | null => {
      const rect = element?.getBoundingClientRect();
      return rect && rect.width > 0 ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
    };
    const op = document.querySelectorAll('.api-tag > .api-operation')[i];
    return {
      sidebar: box(document.querySelector('.api-sidebar-container')),
      text: box(op?.querySelector(':scope > .api-operation-text')),
      aside: box(op?.querySelector(':scope > .api-operation-aside')),
    };
  }, index);
}

/** The id of the `index`th operation of the page. */
const operationId = (page: Page, index: number): Promise<string> =>
  page.evaluate((i) => document.querySelectorAll('.api-tag > .api-operation')[i]?.id ?? '', index);

async function until(condition: () => Promise<boolean>, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((wait) => setTimeout(wait, 25));
  }
}

describe('the reference panes', () => {
  test('at 1400 px: the navigation, the text and the aside side by side; the aside stays in view as its text scrolls', () =>
    withReference(viewport(1400), async (page) => {
      const { sidebar, text, aside } = await boxes(page);
      assert.ok(sidebar && text && aside);
      assert.ok(sidebar.x + sidebar.width <= text.x, 'the text is right of the navigation');
      assert.ok(text.x + text.width <= aside.x, 'the aside is right of the text');
      assert.ok(Math.abs(aside.y - text.y) < 2, 'the aside starts level with the text');
      assert.ok(aside.width >= 380, `the aside is a real column (${aside.width} px)`);
      // An operation whose text is taller than its aside: scrolled into its text, the aside stays put under the navbar.
      const tall = await page.evaluate(() => {
        const ops = [...document.querySelectorAll('.api-tag > .api-operation')];
        return ops.findIndex((op) => {
          const t = op.querySelector(':scope > .api-operation-text')?.getBoundingClientRect().height ?? 0;
          const a = op.querySelector(':scope > .api-operation-aside')?.getBoundingClientRect().height ?? 0;
          // Taller than its aside by more than the 400 px scrolled below (parameters are lists now, shorter than the table was).
          return t > a + 450;
        });
      });
      assert.ok(tall >= 0, 'an operation has text well taller than its aside');
      const before = (await boxes(page, tall)).text;
      assert.ok(before);
      await page.evaluate((y) => window.scrollBy(0, y), before.y + 400);
      const after = await boxes(page, tall);
      assert.ok(after.text && after.aside);
      assert.ok(after.text.y < 0, 'the text has scrolled up past the top');
      const navbar = await page.evaluate(() => document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0);
      assert.ok(after.aside.y >= navbar, `the aside (at ${after.aside.y}) stays below the navbar (${navbar})`);
    }));

  test('at 1100 px: two panes, the navigation and one column in which the aside follows the text', () =>
    withReference(viewport(1100), async (page) => {
      const { sidebar, text, aside } = await boxes(page);
      assert.ok(sidebar && text && aside);
      assert.ok(sidebar.x + sidebar.width <= text.x);
      assert.equal(aside.x, text.x);
      assert.equal(aside.width, text.width);
      assert.ok(aside.y >= text.y + text.height, 'the aside comes after the text');
    }));

  for (const width of [900, 390]) {
    test(`at ${width} px: one column, the navigation only in the menu`, () =>
      withReference(viewport(width), async (page) => {
        const { sidebar, text, aside } = await boxes(page);
        assert.equal(sidebar, null, 'the sidebar is not on the page');
        assert.ok(text && aside);
        assert.equal(aside.x, text.x);
        assert.ok(aside.y >= text.y + text.height);
        assert.ok(text.width >= width - 64, `the text takes the width (${text.width} of ${width})`);
      }));
  }

  test('without JavaScript: three panes at 1400 px, and on a phone the navigation first, in a box of its own', async () => {
    await withReference({ ...viewport(1400), javaScriptEnabled: false }, async (page) => {
      const { sidebar, text, aside } = await boxes(page);
      assert.ok(sidebar && text && aside);
      assert.ok(sidebar.x + sidebar.width <= text.x && text.x + text.width <= aside.x);
    });
    await withReference({ ...viewport(390), javaScriptEnabled: false }, async (page) => {
      const nav = await page.locator('.api-sidebar-container .api-nav').boundingBox();
      const main = await page.locator('.api-main').boundingBox();
      assert.ok(nav && main);
      assert.ok(nav.y < main.y, 'the navigation comes before the content');
      assert.ok(nav.height <= 450, `the navigation is at most half the window tall (${nav.height})`);
    });
  });
});

describe('the navigation follows the reading', () => {
  test("an operation scrolled to is marked in the sidebar, its tag opened and its entry inside the sidebar's box; the page does not move", () =>
    // A short window: the reference's sidebar (one entry per tag, the page's own operations) is taller than its box.
    withReference(viewport(1400, 500), async (page) => {
      // Every tag opened, as a reader may: the sidebar is then much taller than its box.
      await page.evaluate(() => {
        for (const d of document.querySelectorAll<HTMLDetailsElement>('.api-sidebar-container .api-nav details'))
          d.open = true;
      });
      const id = await operationId(page, 4);
      await page.evaluate((target) => document.getElementById(target)?.scrollIntoView(), id);
      const current = page.locator('.api-nav [aria-current="location"]');
      await until(
        async () => (await current.count()) === 1 && (await current.getAttribute('href'))?.endsWith(`#${id}`) === true,
      );
      assert.equal(await page.locator('.api-nav .api-nav-current').count(), 1);
      assert.equal(await current.evaluate((a) => a.closest('details')?.open), true, 'its tag is open');
      assert.ok(
        await page.evaluate(() => (document.querySelector('.api-sidebar-container .api-nav')?.scrollTop ?? 0) > 0),
      );
      const scrollY = await page.evaluate(() => window.scrollY);
      const section = await page.locator(`[id="${id}"]`).boundingBox();
      assert.ok(section && section.y < 120, 'the operation is still at the top: the sidebar scrolled, not the page');
      const entry = await current.boundingBox();
      const nav = await page.locator('.api-sidebar-container .api-nav').boundingBox();
      assert.ok(entry && nav);
      assert.ok(entry.y >= nav.y && entry.y + entry.height <= nav.y + nav.height, 'the entry is in the sidebar’s view');
      assert.equal(await page.evaluate(() => window.scrollY), scrollY);
      // Reading on: the mark moves to the next operation, and only one entry is marked.
      const next = await operationId(page, 5);
      await page.evaluate((target) => document.getElementById(target)?.scrollIntoView(), next);
      await until(async () => (await current.getAttribute('href'))?.endsWith(`#${next}`) === true);
      assert.equal(await current.count(), 1);
    }));

  test('after a client-side navigation to another reference, the new page’s navigation follows the reading', () =>
    withReference(
      viewport(1400),
      async (page) => {
        // A mark on the window survives only a client-side navigation.
        await page.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true));
        await page.click('.api-switcher > summary');
        await page.click('.api-switcher a[href$="/api/file-manager/"]');
        await page.waitForURL(/\/api\/file-manager\/$/);
        assert.equal(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true);
        const id = await operationId(page, 3);
        await page.evaluate((target) => document.getElementById(target)?.scrollIntoView(), id);
        const current = page.locator('.api-sidebar-container .api-nav [aria-current="location"]');
        await until(async () => (await current.getAttribute('href'))?.endsWith(`#${id}`) === true);
      },
      '/api/searcher/',
    ));

  test('on a phone the menu opens on the reference’s navigation, the current operation marked; an entry leads to its operation', () =>
    withReference(viewport(390), async (page) => {
      const id = await operationId(page, 4);
      await page.evaluate((target) => document.getElementById(target)?.scrollIntoView(), id);
      await until(async () => (await page.locator('.api-nav [aria-current="location"]').count()) === 1);
      await page.click('[data-mobile-menu-toggle]');
      const menu = page.locator('#navbar-sidebar');
      assert.equal(await menu.locator('[data-menu]').getAttribute('data-menu'), 'secondary');
      const current = menu.locator('.api-nav [aria-current="location"]');
      assert.ok((await current.getAttribute('href'))?.endsWith(`#${id}`));
      assert.ok(await current.isVisible(), 'the current entry is scrolled into the menu’s view');
      assert.equal(await menu.locator('.api-switcher a').count(), 6, 'the switcher comes with it');
      // The first operation of the same tag: its entry is in view in the open tag.
      const first = current.locator('xpath=ancestor::ul[1]/li[1]/a');
      const target = ((await first.getAttribute('href')) ?? '').split('#')[1] ?? '';
      assert.notEqual(target, id);
      await first.click();
      await until(async () => (await page.locator('#navbar-sidebar').count()) === 0);
      await until(async () => page.evaluate(() => window.location.hash).then((h) => h === `#${target}`));
      const box = await page.locator(`[id="${target}"]`).boundingBox();
      assert.ok(box && box.y >= 0 && box.y < 200, `the operation is at the top of the window (${box?.y})`);
      await page.click('[data-mobile-menu-toggle]');
      await page.click('#navbar-sidebar button:text("Back to main menu")');
      assert.equal(await menu.locator('[data-menu]').getAttribute('data-menu'), 'primary');
      assert.equal(await menu.locator('button:text("API menu →")').count(), 1);
    }));
});

describe('the accent reads in both colour modes (axe-core)', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`${mode} mode: no serious or critical violation with an entry marked current and the switcher open`, async () => {
      // axe-core goes in as an inline script, which the served Content-Security-Policy blocks.
      await withReference({ ...viewport(1400), bypassCSP: true, colorScheme: mode }, async (page) => {
        await page.evaluate((theme) => {
          localStorage.setItem('theme', theme);
          document.documentElement.setAttribute('data-theme', theme);
        }, mode);
        const id = await operationId(page, 4);
        await page.evaluate((target) => document.getElementById(target)?.scrollIntoView(), id);
        await until(async () => (await page.locator('.api-nav [aria-current="location"]').count()) === 1);
        await page.click('.api-switcher > summary');
        await page.addScriptTag({ path: AXE });
        const found = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (
                  context: Document,
                  options: object,
                ) => Promise<{
                  violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>;
                }>;
              };
            }
          ).axe;
          // Colour contrast over the whole page (the accent is on links, badges and paths everywhere);
          // every rule over the parts of the page the panes add.
          const contrast = await axe.run(document, { resultTypes: ['violations'], runOnly: ['color-contrast'] });
          const parts = await axe.run(
            { include: [['.api-sidebar-container'], ['.api-header']] } as unknown as Document,
            { resultTypes: ['violations'] },
          );
          return [...contrast.violations, ...parts.violations]
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map(
              (v) =>
                `${v.id}: ${v.nodes
                  .slice(0, 3)
                  .map((n) => JSON.stringify(n.target))
                  .join(', ')}`,
            );
        });
        assert.deepEqual(found, []);
      });
    });
  }
});
