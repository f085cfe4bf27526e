import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { serve } from '../generator/commands/serve.js';
import { createStaticServer } from '../generator/serve/static-server.js';

/** Debian's Chromium, never a downloaded build; the flags keep it off this machine's closed network (the benchmarks launch it so too). */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * Chromium with a profile on disk in `profile`, as a reader's own browser is: unlike a context of
 * `withBrowser`, which is incognito, it keeps V8's code cache of a script between visits.
 */
export async function withProfile<T>(
  profile: string,
  options: BrowserContextOptions,
  use: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM, ...options });
  try {
    return await use(context);
  } finally {
    await context.close();
  }
}

/** Chromium for `use`, closed afterwards whatever happens. */
export async function withBrowser<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch(CHROMIUM);
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

/**
 * Serves a built site on a free loopback port and opens Chromium on it for `use`; both are closed
 * afterwards whatever happens, so a failing launch or assertion never leaves the test process hanging.
 * `baseUrl` may differ from the site's own, to serve it from the wrong path.
 */
export async function withSiteInBrowser<T>(
  root: string,
  baseUrl: string,
  use: (browser: Browser, origin: string) => Promise<T>,
): Promise<T> {
  const server = createStaticServer({ root, baseUrl });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    return await withBrowser((browser) => use(browser, `http://127.0.0.1:${port}`));
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** The site built into `out`, served as `specsite serve` serves it; `url` ends with the base URL. */
export async function withServed<T>(config: string, out: string, use: (url: string) => Promise<T>): Promise<T> {
  const served = await serve({ config, out, port: 0, host: '127.0.0.1' });
  if (!served.ok) throw new Error(`specsite serve failed: ${served.diagnostics.map((d) => d.message).join('; ')}`);
  try {
    return await use(served.url);
  } finally {
    served.server.closeAllConnections();
    served.server.close();
  }
}

/** The site built into `out`, served as `specsite serve` serves it, and Chromium opened on it. */
export function withServedSite<T>(
  config: string,
  out: string,
  use: (browser: Browser, url: string) => Promise<T>,
): Promise<T> {
  return withServed(config, out, (url) => withBrowser((browser) => use(browser, url)));
}
