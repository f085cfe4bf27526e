import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { createStaticServer } from '../generator/serve/static-server.js';

/** Debian's Chromium, never a downloaded build; the flags keep it off this machine's closed network. */
const CHROMIUM = { executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] };

/**
 * Serves a built site on a free loopback port and opens Chromium on it for `use`; both are closed
 * afterwards whatever happens, so a failing launch or assertion never leaves the test process hanging.
 */
export async function withSiteInBrowser<T>(root: string, baseUrl: string, use: (browser: Browser, origin: string) => Promise<T>): Promise<T> {
  const server = createStaticServer({ root, baseUrl });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch(CHROMIUM);
    const { port } = server.address() as AddressInfo;
    return await use(browser, `http://127.0.0.1:${port}`);
  } finally {
    await browser?.close();
    server.closeAllConnections();
    server.close();
  }
}
