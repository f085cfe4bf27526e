import type { SiteModel } from '../model.js';
import { decodePageData, RouteLoadError, type RouteDocument } from './route-document.js';

/**
 * The site model (navbar, sidebar, footer), one JSON file for the whole site that every page names.
 * A page is shown only once the model it names has loaded; a new deployment names another file.
 */
const loading = new Map<string, Promise<SiteModel>>();
const loaded = new Map<string, SiteModel>();

async function fetchSiteModel(href: string): Promise<SiteModel> {
  let response: Response;
  try {
    response = await fetch(href, { credentials: 'same-origin' });
  } catch (cause) {
    throw new RouteLoadError(`the site data ${href} could not be loaded`, { cause });
  }
  if (!response.ok)
    throw new RouteLoadError(`the site data ${href} answered ${response.status} ${response.statusText}`.trim());
  const model = (await response.json().catch((cause: unknown) => {
    throw new RouteLoadError(`the site data ${href} is not JSON`, { cause });
  })) as Partial<SiteModel> | null;
  if (typeof model?.navbar !== 'object' || !Array.isArray(model.sidebar))
    throw new RouteLoadError(`the site data ${href} is incomplete: expected the navbar and the sidebar`);
  loaded.set(href, model as SiteModel);
  return model as SiteModel;
}

/**
 * Loads the site model a page names. A page whose own data cannot be read resolves as it is: it
 * shows as a crash when rendered, not as a failure to load.
 */
export async function withSiteModel(page: RouteDocument): Promise<RouteDocument> {
  let href: string;
  try {
    href = decodePageData(page).siteData;
  } catch {
    return page;
  }
  let model = loading.get(href);
  if (!model) {
    model = fetchSiteModel(href);
    loading.set(href, model);
    // Not kept when it failed: the next page asks the network again.
    model.catch(() => loading.delete(href));
  }
  await model;
  return page;
}

/** The site model at `href`, once `withSiteModel` has loaded it. */
export function siteModel(href: string): SiteModel | undefined {
  return loaded.get(href);
}
