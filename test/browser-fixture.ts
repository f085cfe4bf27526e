import { join } from 'node:path';
import { after, before } from 'node:test';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { build } from '../generator/commands/build.js';
import { withServedSite } from './browser.js';
import { tempDir } from './helpers.js';

/** The site the browser tests drive; see its site-config.yaml. */
export const BROWSER_FIXTURE = 'test/fixtures/browser-site/site-config.yaml';

/** Builds a site once per test process and returns its output folder. */
export async function buildSite(config: string, name: string): Promise<string> {
  const out = await tempDir(name);
  const result = await build({ config, out, strict: true });
  if (!result.report)
    throw new Error(
      `the ${name} site did not build: ${result.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`).join('; ')}`,
    );
  return out;
}

export function sitePath(out: string, ...parts: string[]): string {
  return join(out, 'site', ...parts);
}

/** Waits until the client has hydrated the page: only the client enables the colour-mode toggle. */
export async function waitHydrated(page: Page): Promise<void> {
  await page.waitForSelector('[data-color-mode-toggle]:not([disabled])');
}

/** A new page of `context` at `url`, hydrated. */
export async function openHydrated(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await waitHydrated(page);
  return page;
}

/** Every request the page makes, by URL path, with the kind of resource it was. */
export function recordRequests(page: Page): Array<{ path: string; type: string }> {
  const seen: Array<{ path: string; type: string }> = [];
  page.on('request', (request) => seen.push({ path: new URL(request.url()).pathname, type: request.resourceType() }));
  return seen;
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const PHONE: BrowserContextOptions = { viewport: { width: 400, height: 800 } };

/** A site built, served as `specsite serve` serves it, and opened in Chromium for a whole test file. */
export interface SuiteSite {
  browser: Browser;
  /** Origin and base URL, without the trailing slash: `base + '/docs/intro/'`. */
  base: string;
  out: string;
}

/**
 * Registers the file's `before` (build, serve, launch) and `after` (close both); the returned
 * object is filled in by the time the tests run.
 */
export function siteForSuite(config: string, name: string): SuiteSite {
  const site = {} as SuiteSite;
  let close: () => void = () => undefined;
  before(async () => {
    site.out = await buildSite(config, name);
    await new Promise<void>((ready, failed) => {
      withServedSite(config, site.out, (browser, url) => {
        site.browser = browser;
        site.base = url.replace(/\/$/, '');
        ready();
        // Chromium and the server stay up until `after`.
        return new Promise<void>((done) => (close = done));
      }).catch(failed);
    });
  });
  after(() => close());
  return site;
}
