import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { BROWSER_FIXTURE, recordRequests, siteForSuite } from './browser-fixture.js';
import { h1, onlyFetches, pageOpener } from './browser-navigation-helpers.js';

/**
 * Navigation (README, In the reader's browser), in Chromium against the fixture site served by
 * `specsite serve`: client navigation, the progress bar and prefetching.
 */
const site = siteForSuite(BROWSER_FIXTURE, 'browser-nav');
const open = pageOpener(site);

describe('navigation in the browser', () => {
  test('hydration keeps the server-rendered page as it is: the only changes are the toggle and the search button becoming enabled', async () => {
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
      ['attributes color-mode-toggle disabled', 'attributes search-button navbar-search-button disabled'],
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
    assert.deepEqual(
      await page.$$eval('link[rel="alternate"][type="text/markdown"]', (links) =>
        links.map((l) => l.getAttribute('href')),
      ),
      ['/kb/docs/guide/setup/index.md'],
      "the head names the new page's Markdown twin, and only it",
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

  test('the progress bar shows only after 200 ms of loading, with the configured constants, and finishes when the route has updated', async () => {
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
    // The bar must show while the page is still loading, which ends only when the request is let go.
    await page.evaluate(() => ((window as unknown as { releasedAt: number }).releasedAt = performance.now()));
    release();
    await page.waitForFunction(() => document.title === 'Tuning | Browser Fixture');
    await page.waitForFunction(() => !document.querySelector('#nprogress'));
    const { log, clickedAt, releasedAt } = await page.evaluate(() => ({
      log: (window as unknown as { bar: Array<{ at: number; what: string; transform?: string; transition?: string }> })
        .bar,
      clickedAt: (window as unknown as { clickedAt: number }).clickedAt,
      releasedAt: (window as unknown as { releasedAt: number }).releasedAt,
    }));
    const first = log[0]!;
    assert.ok(first.at - clickedAt >= 200, `the bar appeared ${Math.round(first.at - clickedAt)} ms after the click`);
    assert.ok(first.at < releasedAt, 'the bar appeared while the page was loading');
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

  /** A reader on a `2g` or `slow-2g` connection, as the Network Information API reports it. */
  const onConnection =
    (effectiveType: '2g' | 'slow-2g') =>
    async (page: Page): Promise<void> => {
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
      await page.addInitScript(
        (type) =>
          Object.defineProperty(
            Object.getPrototypeOf((navigator as Navigator & { connection: object }).connection),
            'effectiveType',
            { get: () => type },
          ),
        effectiveType,
      );
    };

  for (const [name, setUp] of [
    ['a 2g connection', onConnection('2g')],
    // The slowest reading: a check for exactly '2g' would prefetch here.
    ['a slow-2g connection', onConnection('slow-2g')],
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
          .then((c) => c.type === (name.includes('slow-2g') ? 'slow-2g' : '2g') || c.save),
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
});
