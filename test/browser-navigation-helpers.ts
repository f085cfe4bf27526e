import type { Page, Route } from 'playwright-core';
import { DESKTOP, openHydrated, waitHydrated, type SuiteSite } from './browser-fixture.js';

// Shared by the browser navigation tests (client navigation, and its failures).

/** Opens `path` of `site` in a new desktop context, hydrated; `init` runs on the page before it loads. */
export function pageOpener(site: SuiteSite): (path: string, init?: (page: Page) => Promise<void>) => Promise<Page> {
  return async (path, init) => {
    const context = await site.browser.newContext(DESKTOP);
    if (init) {
      const page = await context.newPage();
      await init(page);
      await page.goto(site.base + path);
      await waitHydrated(page);
      return page;
    }
    return openHydrated(context, site.base + path);
  };
}

export const h1 = (page: Page): Promise<string | null> => page.locator('main h1').first().textContent();
export const onlyFetches = (handler: (route: Route) => Promise<void>) => async (route: Route) =>
  route.request().resourceType() === 'fetch' ? handler(route) : route.continue();

/** The page at `path`, when the client fetches it, names the site model `siteData` instead of its own. */
export async function namesSiteData(page: Page, path: string, siteData: string): Promise<void> {
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
