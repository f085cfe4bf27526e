import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page, Route } from 'playwright-core';
import {
  BROWSER_FIXTURE,
  DESKTOP,
  openHydrated,
  recordRequests,
  siteForSuite,
  waitHydrated,
} from './browser-fixture.js';

/**
 * site.md §2 "Behaviour on navigation" and §8, in Chromium against the fixture site served by
 * `specsite serve`: client navigation, the progress bar, prefetching, failures and the crash page.
 */
const site = siteForSuite(BROWSER_FIXTURE, 'browser-nav');

async function open(path: string, init?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await site.browser.newContext(DESKTOP);
  if (init) {
    const page = await context.newPage();
    await init(page);
    await page.goto(site.base + path);
    await waitHydrated(page);
    return page;
  }
  return openHydrated(context, site.base + path);
}

const h1 = (page: Page): Promise<string | null> => page.locator('main h1').first().textContent();
const onlyFetches = (handler: (route: Route) => Promise<void>) => async (route: Route) =>
  route.request().resourceType() === 'fetch' ? handler(route) : route.continue();

/** The page at `path`, when the client fetches it, names the site model `siteData` instead of its own. */
async function namesSiteData(page: Page, path: string, siteData: string): Promise<void> {
  await page.route(
    `**${path}`,
    onlyFetches(async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        body: (await response.text()).replace(/\/kb\/assets\/site-data\.[0-9a-f]+\.json/g, siteData),
      });
    }),
  );
}

describe('navigation in the browser', () => {
  test('hydration keeps the server-rendered page as it is: the only change is the toggle becoming enabled', async () => {
    const errors: string[] = [];
    const page = await open('/docs/intro/', async (p) => {
      p.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
      p.on('pageerror', (e) => errors.push(e.message));
      // Records what changes once the parser is done: that is when the deferred bundle runs.
      await p.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { mutations: string[] }).mutations = seen;
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          new MutationObserver((records) => {
            for (const r of records)
              seen.push(
                `${r.type} ${(r.target as Element).className || r.target.nodeName} ${r.attributeName ?? ''}`.trim(),
              );
          }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        });
      });
    });
    await page.waitForTimeout(300);
    const mutations = await page.evaluate(() => (window as unknown as { mutations: string[] }).mutations);
    assert.deepEqual(
      mutations.filter(
        (m) =>
          !m.startsWith('attributes color-mode-toggle title') &&
          !m.startsWith('attributes color-mode-toggle aria-label'),
      ),
      ['attributes color-mode-toggle disabled'],
    );
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test('a link loads the next page in place: no full reload, new title and meta after the next frame, back works', async () => {
    let requests: ReturnType<typeof recordRequests> = [];
    const page = await open('/docs/intro/', async (p) => {
      requests = recordRequests(p);
    });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    // Watches the title at the moment the new page's content lands, before the next animation frame.
    await page.evaluate(() => {
      const wrapper = document.querySelector('.page-wrapper')!.parentElement!;
      new MutationObserver(
        () => ((window as unknown as { titleAtSwap: string }).titleAtSwap ??= document.title),
      ).observe(wrapper, { childList: true, subtree: true });
    });
    await page.click('.docs-sidebar a[href="/kb/docs/guide/setup/"]');
    await page.waitForFunction(() => document.title === 'Setup | Browser Fixture');
    assert.equal(await h1(page), 'Setup');
    assert.equal(new URL(page.url()).pathname, '/kb/docs/guide/setup/');
    assert.equal(
      await page.evaluate(() => (window as unknown as { marker: number }).marker),
      42,
      'the window survived: no reload',
    );
    assert.equal(
      await page.evaluate(() => (window as unknown as { titleAtSwap: string }).titleAtSwap),
      'Introduction | Browser Fixture',
      'the head waits for the next frame',
    );
    assert.equal(
      await page.getAttribute('meta[name="description"]', 'content'),
      'The setup page of the browser fixture.',
    );
    assert.equal(
      await page.getAttribute('link[rel="canonical"]', 'href'),
      'https://fixture.example/kb/docs/guide/setup/',
    );
    assert.equal(await page.locator('.docs-sidebar [aria-current="page"]').textContent(), 'Setup');
    assert.deepEqual(
      requests.filter((r) => r.type === 'document').map((r) => r.path),
      ['/kb/docs/intro/'],
      'no document was requested after the first',
    );
    assert.ok(requests.some((r) => r.type === 'fetch' && r.path === '/kb/docs/guide/setup/'));

    await page.goBack();
    await page.waitForFunction(() => document.title === 'Introduction | Browser Fixture');
    assert.equal(await h1(page), 'Introduction');
    assert.equal(await page.evaluate(() => (window as unknown as { marker: number }).marker), 42);
    await page.goForward();
    await page.waitForFunction(() => document.title === 'Setup | Browser Fixture');
    await page.context().close();
  });

  test('a trailing index.html is stripped from the address', async () => {
    const page = await open('/docs/guide/setup/index.html');
    assert.equal(new URL(page.url()).pathname, '/kb/docs/guide/setup/');
    assert.equal(await h1(page), 'Setup');
    await page.context().close();
  });

  test('the progress bar shows only after 200 ms of loading, with the §9 constants, and finishes when the route has updated', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    const page = await open('/docs/intro/', async (p) => {
      await p.route(
        '**/kb/docs/guide/tuning/',
        onlyFetches(async (route) => {
          await held;
          await route.continue();
        }),
      );
    });
    await page.evaluate(() => {
      const log: Array<{ at: number; what: string; transform?: string; transition?: string }> = [];
      (window as unknown as { bar: typeof log }).bar = log;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLElement>('#nprogress .bar');
        const last = log[log.length - 1];
        if (bar && (!last || last.transform !== bar.style.transform))
          log.push({
            at: performance.now(),
            what: 'bar',
            transform: bar.style.transform,
            transition: bar.style.transition,
          });
        if (!bar && last && last.what === 'bar') log.push({ at: performance.now(), what: 'gone' });
      }).observe(document.documentElement, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['style'],
      });
      document.addEventListener(
        'click',
        () => ((window as unknown as { clickedAt: number }).clickedAt = performance.now()),
        true,
      );
    });
    await page.click('.markdown a[href="/kb/docs/guide/tuning/"]');
    await page.waitForTimeout(1900);
    release();
    await page.waitForFunction(() => document.title === 'Tuning | Browser Fixture');
    await page.waitForFunction(() => !document.querySelector('#nprogress'));
    const { log, clickedAt } = await page.evaluate(() => ({
      log: (window as unknown as { bar: Array<{ at: number; what: string; transform?: string; transition?: string }> })
        .bar,
      clickedAt: (window as unknown as { clickedAt: number }).clickedAt,
    }));
    const first = log[0]!;
    assert.ok(first.at - clickedAt >= 200, `the bar appeared ${Math.round(first.at - clickedAt)} ms after the click`);
    assert.ok(first.at - clickedAt < 1500, `the bar appeared ${Math.round(first.at - clickedAt)} ms after the click`);
    assert.equal(first.transform, 'translate3d(-92%, 0px, 0px)', 'it starts at the minimum, 0.08');
    assert.match(first.transition ?? '', /200ms/, 'speed 200 ms');
    // Trickling: the next step comes a trickle interval (800 ms) later and adds at most the trickle rate (0.02).
    const second = log[1]!;
    assert.ok(second.at - first.at >= 750, `trickled after ${Math.round(second.at - first.at)} ms`);
    const position = Number(/translate3d\((-?[\d.]+)%/.exec(second.transform ?? '')?.[1]);
    assert.ok(position > -92 && position <= -90, `second position ${position}%`);
    assert.equal(log[log.length - 1]!.what, 'gone');
    assert.equal(await page.locator('#nprogress .spinner').count(), 0, 'spinner off');
    await page.context().close();
  });

  test('a navigation that takes less than 200 ms shows no progress bar', async () => {
    const page = await open('/docs/intro/');
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.querySelector('#nprogress')) (window as unknown as { sawBar: boolean }).sawBar = true;
      }).observe(document.documentElement, { childList: true, subtree: true });
    });
    // Prefetched on hover: once it has arrived, the click needs no network.
    await page.hover('.docs-sidebar a[href="/kb/docs/guide/deploy/"]');
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === '/kb/docs/guide/deploy/'),
    );
    await page.click('.docs-sidebar a[href="/kb/docs/guide/deploy/"]');
    await page.waitForFunction(() => document.title === 'Deploy | Browser Fixture');
    await page.waitForTimeout(400);
    assert.equal(await page.evaluate(() => (window as unknown as { sawBar?: boolean }).sawBar ?? false), false);
    await page.context().close();
  });

  test('links are prefetched on hover and when visible in the content', async () => {
    let requests: ReturnType<typeof recordRequests> = [];
    const page = await open('/docs/intro/', async (p) => {
      requests = recordRequests(p);
    });
    const fetched = (): string[] => requests.filter((r) => r.type === 'fetch').map((r) => r.path);
    // The intro's main column links home (the breadcrumb), to setup and to tuning: all fetched once idle, without a hover.
    await page.waitForFunction(() =>
      ['/kb/', '/kb/docs/guide/setup/', '/kb/docs/guide/tuning/'].every((path) =>
        performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === path),
      ),
    );
    assert.deepEqual(fetched().sort(), ['/kb/', '/kb/docs/guide/setup/', '/kb/docs/guide/tuning/']);
    // Deploy is only in the sidebar: fetched when the pointer rests on it, once however often.
    await page.hover('.docs-sidebar a[href="/kb/docs/guide/deploy/"]');
    await page.hover('.navbar-brand');
    await page.hover('.docs-sidebar a[href="/kb/docs/guide/deploy/"]');
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === '/kb/docs/guide/deploy/'),
    );
    assert.deepEqual(fetched().sort(), [
      '/kb/',
      '/kb/docs/guide/deploy/',
      '/kb/docs/guide/setup/',
      '/kb/docs/guide/tuning/',
    ]);
    // The click uses what was prefetched.
    await page.click('.docs-sidebar a[href="/kb/docs/guide/deploy/"]');
    await page.waitForFunction(() => document.title === 'Deploy | Browser Fixture');
    assert.equal(fetched().filter((p) => p === '/kb/docs/guide/deploy/').length, 1);
    await page.context().close();
  });

  for (const [name, setUp] of [
    [
      'a 2g connection',
      async (page: Page) => {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 1800,
          downloadThroughput: 35000,
          uploadThroughput: 32000,
          connectionType: 'cellular2g',
        });
        // Chromium 150 throttles as told but no longer reports it in `connection.effectiveType` (it stays
        // '4g'), which is what the client reads: the reading a reader on 2g gets is set as well.
        await page.addInitScript(() =>
          Object.defineProperty(
            Object.getPrototypeOf((navigator as Navigator & { connection: object }).connection),
            'effectiveType',
            { get: () => '2g' },
          ),
        );
      },
    ],
    [
      'data saver on',
      async (page: Page) => {
        // Chromium has no switch for the data saver; the reader's setting shows as `connection.saveData`.
        await page.addInitScript(() =>
          Object.defineProperty(
            Object.getPrototypeOf((navigator as Navigator & { connection: object }).connection),
            'saveData',
            { get: () => true },
          ),
        );
      },
    ],
  ] as const) {
    test(`nothing is prefetched on ${name}, and links still work`, async () => {
      let requests: ReturnType<typeof recordRequests> = [];
      const page = await open('/docs/intro/', async (p) => {
        requests = recordRequests(p);
        await setUp(p);
      });
      assert.equal(
        await page
          .evaluate(() => ({
            type: (navigator as unknown as { connection: { effectiveType: string; saveData: boolean } }).connection
              .effectiveType,
            save: (navigator as unknown as { connection: { saveData: boolean } }).connection.saveData,
          }))
          .then((c) => c.type === '2g' || c.save),
        true,
      );
      await page.hover('.docs-sidebar a[href="/kb/docs/guide/deploy/"]');
      await page.waitForTimeout(2500);
      assert.deepEqual(
        requests.filter((r) => r.type === 'fetch'),
        [],
        'neither the visible content links nor the hovered one',
      );
      await page.click('.docs-sidebar a[href="/kb/docs/guide/deploy/"]');
      await page.waitForFunction(() => document.title === 'Deploy | Browser Fixture', undefined, { timeout: 20000 });
      assert.deepEqual(
        requests.filter((r) => r.type === 'fetch').map((r) => r.path),
        ['/kb/docs/guide/deploy/'],
      );
      await page.context().close();
    });
  }

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
