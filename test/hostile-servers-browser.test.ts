import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { dev } from '../generator/commands/dev.js';
import { withBrowser } from './browser.js';
import { BROWSER_FIXTURE, DESKTOP, siteForSuite, waitHydrated } from './browser-fixture.js';
import { tempDir } from './helpers.js';

/**
 * The Content-Security-Policy of both servers, in Chromium: the site's own pages run as before
 * (head script, bundle, styles, client navigation, live reload) with not one violation, while an
 * inline script that is not the generator's head script is blocked.
 */
const site = siteForSuite(BROWSER_FIXTURE, 'hostile-csp');

/** Every CSP violation the page reports, and every console message about the policy. */
async function recordViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('__reportViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation: (text: string) => void }).__reportViolation(
        `${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return seen;
}

/** What the head script does before first paint; proof that the policy let it run. */
async function headScriptRan(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.classList.contains('js') && document.documentElement.hasAttribute('data-theme'),
  );
}

describe('the served site under its Content-Security-Policy', () => {
  // Each page kind, and a link on it that the client follows in place.
  for (const [kind, path, link, title] of [
    ['the home page', '/', '.navbar a[href="/kb/docs/intro/"]', 'Introduction'],
    ['a docs page', '/docs/intro/', '.docs-sidebar a[href="/kb/docs/guide/setup/"]', 'Setup'],
    ['an API page', '/api/versioned/', '.navbar a[href="/kb/docs/intro/"]', 'Introduction'],
  ] as const) {
    test(`${kind} loads, hydrates and works with no violation`, async () => {
      const context = await site.browser.newContext(DESKTOP);
      try {
        const page = await context.newPage();
        const violations = await recordViolations(page);
        const response = await page.goto(site.base + path);
        assert.match(
          String(response?.headers()['content-security-policy']),
          /script-src 'self' 'wasm-unsafe-eval' 'sha256-/,
        );
        await waitHydrated(page);
        assert.equal(await headScriptRan(page), true);
        // The interactive parts: the colour mode, and a client navigation that swaps the page's HTML in.
        const theme = await page.getAttribute('html', 'data-theme');
        await page.click('[data-color-mode-toggle]');
        await page.waitForFunction((before) => document.documentElement.dataset.theme !== before, theme);
        await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
        await page.click(link);
        await page.waitForFunction((wanted) => document.title.startsWith(`${wanted} |`), title);
        assert.equal(
          await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed),
          true,
          'navigated in place',
        );
        await page.waitForTimeout(200);
        assert.deepEqual(violations, []);
      } finally {
        await context.close();
      }
    });
  }

  test("an inline script that is not the generator's own is blocked and reported", async () => {
    const context = await site.browser.newContext(DESKTOP);
    try {
      const page = await context.newPage();
      const violations = await recordViolations(page);
      await page.goto(`${site.base}/docs/intro/`);
      await waitHydrated(page);
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true;';
        document.body.append(script);
        const image = document.createElement('img');
        image.setAttribute('onerror', 'window.__injected = true;');
        image.src = 'data:,';
        document.body.append(image);
      });
      await page.waitForTimeout(300);
      assert.equal(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected), undefined);
      assert.ok(
        violations.some((v) => v.startsWith('script-src')),
        violations.join('\n'),
      );
    } finally {
      await context.close();
    }
  });
});

describe('the dev server under its Content-Security-Policy', () => {
  test(
    "a page connects its live reload and shows a build's problems with no violation",
    { timeout: 60_000 },
    async () => {
      const root = await tempDir('hostile-csp-dev');
      await mkdir(join(root, 'content/docs'), { recursive: true });
      await writeFile(
        join(root, 'site-config.yaml'),
        'title: Dev CSP\nurl: https://dev.example\nbaseUrl: /\nnavbar:\n  items:\n    - { type: docSidebar, label: Docs }\n',
      );
      const intro = join(root, 'content/docs/intro.mdx');
      await writeFile(intro, '---\ntitle: Intro\ndescription: The first page.\n---\n\nThe first words.\n');
      const started = await dev({
        config: join(root, 'site-config.yaml'),
        out: join(root, 'out'),
        strict: false,
        cache: false,
        port: 0,
        host: '127.0.0.1',
      });
      assert.ok(started.ok, 'dev started');
      try {
        await withBrowser(async (browser) => {
          const page = await browser.newPage();
          const violations = await recordViolations(page);
          await page.goto(`${started.url}docs/intro/`);
          await waitHydrated(page);
          assert.equal(await headScriptRan(page), true);
          await page.waitForSelector('script[data-build][data-connected]', { state: 'attached' });
          // A broken page: the overlay (styled from script) appears over the last good one.
          await writeFile(intro, '---\ntitle: Intro\ndescription: The first page.\n---\n\n<Nope>\n');
          await page.waitForSelector('#specsite-dev-problems', { timeout: 20_000 });
          assert.deepEqual(violations, []);
        });
      } finally {
        await started.close();
        await rm(root, { recursive: true, force: true });
      }
    },
  );
});
