import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BROWSER_FIXTURE, recordRequests, siteForSuite, waitHydrated } from './browser-fixture.js';
import { h1, namesSiteData, onlyFetches, pageOpener } from './browser-navigation-helpers.js';

/**
 * Navigation when something fails (README, In the reader's browser), in Chromium against the
 * fixture site served by `specsite serve`: a route or site model that fails to load, the page
 * loader and the crash page.
 */
const site = siteForSuite(BROWSER_FIXTURE, 'browser-nav-failures');
const open = pageOpener(site);

describe('navigation in the browser', () => {
  test('a route that fails to load makes the page reload', async () => {
    const page = await open('/docs/intro/', async (p) => {
      await p.route(
        '**/kb/docs/guide/deploy/',
        onlyFetches((route) => route.abort('failed')),
      );
    });
    const requests = recordRequests(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.click('.docs-sidebar a[href="/kb/docs/guide/deploy/"]');
    await page.waitForFunction(() => document.title === 'Deploy | Browser Fixture');
    await waitHydrated(page);
    assert.equal(
      await page.evaluate(() => (window as unknown as { marker?: number }).marker),
      undefined,
      'the window was reloaded',
    );
    assert.ok(requests.some((r) => r.type === 'document' && r.path === '/kb/docs/guide/deploy/'));
    assert.equal(await h1(page), 'Deploy');
    await page.context().close();
  });

  test('a page that names another site model (a new deployment) is shown with that model', async () => {
    const moved = '/kb/assets/site-data.0123456789.json';
    const page = await open('/docs/intro/', async (p) => {
      await namesSiteData(p, '/kb/docs/guide/setup/', moved);
      await p.route(`**${moved}`, async (route) => {
        const current = (
          await p.evaluate(
            () => JSON.parse(document.getElementById('__site-data')!.textContent!) as { siteData: string },
          )
        ).siteData;
        const model = (await (await route.fetch({ url: new URL(current, route.request().url()).href })).json()) as {
          navbar: { title: string };
        };
        model.navbar.title = 'Redeployed';
        await route.fulfill({ json: model });
      });
    });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    assert.equal(await page.locator('.navbar-title').textContent(), 'Browser Fixture');
    await page.click('.docs-sidebar a[href="/kb/docs/guide/setup/"]');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Setup');
    assert.equal(await page.locator('.navbar-title').textContent(), 'Redeployed');
    assert.equal(
      await page.evaluate(() => (window as unknown as { marker?: number }).marker),
      1,
      'shown in place, without a reload',
    );
    await page.context().close();
  });

  test('a page whose site model cannot be loaded is loaded by the browser instead', async () => {
    const missing = '/kb/assets/site-data.ffffffffff.json';
    // Recorded from the first load: the visible link may be prefetched, model and all, before the click.
    let requests: Array<{ path: string; type: string }> = [];
    const page = await open('/docs/intro/', async (p) => {
      await namesSiteData(p, '/kb/docs/guide/setup/', missing);
      requests = recordRequests(p);
    });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.click('.docs-sidebar a[href="/kb/docs/guide/setup/"]');
    await page.waitForFunction(() => document.title === 'Setup | Browser Fixture');
    await waitHydrated(page);
    assert.ok(
      requests.some((r) => r.type === 'fetch' && r.path === missing),
      'the client asked for the model',
    );
    assert.ok(
      requests.some((r) => r.type === 'document' && r.path === '/kb/docs/guide/setup/'),
      'then the browser loaded the page',
    );
    assert.equal(
      await page.evaluate(() => (window as unknown as { marker?: number }).marker),
      undefined,
      'the window was reloaded',
    );
    await page.context().close();
  });

  test('going back to a page not in memory shows the page loader: a spinner, then on failure the error and Retry', async () => {
    let release: (fail: boolean) => void = () => undefined;
    let failing = true;
    const page = await open('/docs/intro/');
    await page.route(
      '**/kb/docs/intro/',
      onlyFetches(async (route) => {
        if (!failing) return route.continue();
        const fail = await new Promise<boolean>((done) => (release = done));
        return fail ? route.abort('failed') : route.continue();
      }),
    );
    await page.click('.docs-sidebar a[href="/kb/docs/guide/setup/"]');
    await page.waitForFunction(() => document.title === 'Setup | Browser Fixture');
    await page.goBack();
    await page.waitForSelector('.page-loader-spinner[role="status"]');
    assert.equal(new URL(page.url()).pathname, '/kb/docs/intro/');
    release(true);
    await page.waitForSelector('.page-loader-error');
    assert.match((await page.locator('.page-loader-error p').textContent()) ?? '', /could not be loaded/);
    failing = false;
    await page.click('.page-loader-error button:text("Retry")');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Introduction');
    assert.equal(await page.locator('.page-loader').count(), 0);
    await page.context().close();
  });

  test('a crashing page shows "This page crashed" with the error and its causes; "Try again" returns to normal', async () => {
    // The page arrives, but its data is corrupt: rendering it throws inside the error boundary.
    const page = await open('/docs/intro/', async (p) => {
      await p.route(
        '**/kb/docs/guide/tuning/',
        onlyFetches(async (route) => {
          const response = await route.fetch();
          const body = (await response.text()).replace('id="__site-data">{', 'id="__site-data">{corrupt');
          await route.fulfill({ response, body });
        }),
      );
    });
    await page.click('.docs-sidebar a[href="/kb/docs/guide/tuning/"]');
    await page.waitForSelector('.crash-page');
    assert.equal(await page.locator('.crash-page h1').textContent(), 'This page crashed');
    assert.equal(
      await page.locator('.crash-message').textContent(),
      'The data of the page /kb/docs/guide/tuning/ could not be read',
    );
    assert.match((await page.locator('.crash-causes li').first().textContent()) ?? '', /^Cause: SyntaxError: /);
    await page.unroute('**/kb/docs/guide/tuning/');
    await page.click('.crash-page button:text("Try again")');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Tuning');
    assert.equal(await page.locator('.crash-page').count(), 0);
    assert.equal(await page.locator('.navbar').count(), 1);
    await page.context().close();
  });
});
