import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { fromHtml } from 'hast-util-from-html';
import { build, type BuildResult } from '../generator/commands/build.js';
import { routeFile } from '../generator/render/index.js';
import { withSiteInBrowser } from './browser.js';
import { tempDir } from './helpers.js';
import { Page, textOf } from './html.js';

/**
 * Issue 41 on the real site: the reference is organised by meaning (no `(2)` page, no models by
 * initial), the models index filters by name, and every route of the second edition still leads
 * to where its content is now, with and without JavaScript.
 */
let out: string;
let result: BuildResult;
let redirects: string[];

const html = (route: string): Promise<string> => readFile(join(out, 'site', routeFile(route)), 'utf8');
const isRedirect = (text: string): boolean => text.includes('<meta name="robots" content="noindex"/>');

before(async () => {
  out = await tempDir('reference-routes');
  // Not strict: until the lead's lazy sections land, some tag pages are over the page budget (a warning).
  result = await build({ config: 'site-config.yaml', out, strict: false });
  assert.deepEqual(
    result.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  // The routes the legacy module says the second edition had and this one has not.
  redirects = (result.report?.pages ?? []).filter((p) => p.kind === 'api-redirect').map((p) => p.route);
});

describe('the real site’s references, organised by meaning', () => {
  test('no reference page title or sidebar entry has a number suffix', async () => {
    const pages = (result.report?.pages ?? []).filter((p) => p.kind === 'api');
    assert.ok(pages.length > 20);
    for (const { route } of pages) {
      const text = await html(route);
      const page = new Page(fromHtml(text));
      assert.doesNotMatch(page.text('title') ?? '', /\(\d+\)|\bModels [A-Z] /, route);
      assert.doesNotMatch(route, /-\d+\/$/, route);
      for (const link of page.all('.api-nav a.api-nav-tag')) {
        const label = textOf(link);
        assert.doesNotMatch(label, /\(\d+\)$|^Models .$/, `${route}: ${label}`);
        assert.doesNotMatch(String(link.properties.href), /-\d+\/(#|$)/, `${route}: ${label}`);
      }
    }
  });

  test('the models index finds Bucket by typing “buck”; without JavaScript the whole list reads', async () => {
    await withSiteInBrowser(join(out, 'site'), '/', async (browser, origin) => {
      const tab = await browser.newPage();
      await tab.goto(`${origin}/api/datasource/schemas/`);
      const box = tab.locator('input[type="search"].api-models-filter');
      await box.waitFor({ state: 'visible' });
      const all = await tab.locator('section.api-model').count();
      assert.ok(all > 20);
      await box.fill('buck');
      const shown = await tab
        .locator('section.api-model:visible')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-model-name') ?? ''));
      assert.ok(shown.includes('Bucket'), shown.join(' '));
      assert.ok(shown.length < all);
      for (const name of shown) assert.match(name, /buck/i);
      // Its description, one line on a stub (`.api-model-summary`), the whole of it on a section shown in full.
      assert.match(await tab.locator('#schema-Bucket').innerText(), /A bucket: groups datasources/);
      await box.fill('');
      assert.equal(await tab.locator('section.api-model:visible').count(), all);

      const plain = await browser.newContext({ javaScriptEnabled: false });
      const still = await plain.newPage();
      await still.goto(`${origin}/api/datasource/schemas/`);
      assert.equal(await still.locator('input.api-models-filter').isVisible(), false);
      assert.equal(await still.locator('section.api-model:visible').count(), all);
      await plain.close();
    });
  });

  test('every old route leads to the new page with its anchor; without JavaScript it holds the anchor and its link', async () => {
    assert.ok(redirects.length > 0);
    assert.ok(redirects.includes('/api/datasource/buckets-2/'), redirects.join(' '));
    assert.ok(redirects.includes('/api/datasource/schemas/b/'), redirects.join(' '));
    await withSiteInBrowser(join(out, 'site'), '/', async (browser, origin) => {
      const tab = await browser.newPage();
      const plain = await browser.newContext({ javaScriptEnabled: false });
      const still = await plain.newPage();
      for (const route of redirects) {
        const page = new Page(fromHtml(await html(route)));
        const held = page.all('.api-redirect li[id]');
        assert.ok(held.length > 0, route);
        // The last id the old page held: an operation or a model, never the page's own anchor.
        const last = held.at(-1);
        const id = String(last?.properties.id);
        const href = String(page.attr(`.api-redirect li[id="${id}"] a`, 'href'));
        assert.match(href, new RegExp(`#${id}$`), `${route}#${id} links to its new place`);
        const [newPath] = href.split('#') as [string];
        assert.ok(isRedirect(await html(route)), route);
        assert.ok(!isRedirect(await html(newPath)), `${href} is a page of the reference`);
        assert.ok((await html(newPath)).includes(` id="${id}"`), `${href} holds ${id}`);

        await tab.goto(`${origin}${route}#${id}`);
        await tab.waitForURL(`${origin}${href}`);
        assert.equal(await tab.locator(`[id="${id}"]`).count(), 1, `${route}#${id}`);

        // Without JavaScript the refresh leads to the page (Chromium drops the hash).
        await still.goto(`${origin}${route}#${id}`);
        await still.waitForURL((url) => url.pathname === newPath);
      }
      await plain.close();
    });
  });
});

test('the redirect pages are in no sitemap, search index or llms.txt', async () => {
  const sitemap = await readFile(join(out, 'site/sitemap.xml'), 'utf8');
  const llms = await readFile(join(out, 'site/llms.txt'), 'utf8');
  for (const route of redirects) {
    assert.ok(!sitemap.includes(`${route}<`), route);
    assert.ok(!llms.includes(`${route}index.md`), route);
    const folder = await readdir(join(out, 'site', route));
    assert.deepEqual(folder, ['index.html'], `${route} has no twin`);
  }
});
