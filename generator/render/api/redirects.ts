import { withBase } from '../../content/plugins/urls.js';
import type { LegacyPage } from './legacy-routes.js';

/** A route of the second edition that is no route now: a small page that sends its reader on. */
export interface ApiRedirect {
  apiId: string;
  /** The old route. */
  route: string;
  /** The route (no base URL) of the page that holds most of what it held: its canonical page. */
  to: string;
  /** For `<title>`. */
  title: string;
  /** Every id the old page held, with the link to where it is now. */
  anchors: Array<{ id: string; href: string; label: string }>;
}

/** Where an anchor is now: its page's route (no base URL) and what to call it. */
export interface Place {
  route: string;
  label: string;
}

/**
 * A redirect for each old page whose route is no page now. An old id with no place now (a part's
 * own anchor, `tag-buckets-2`) leads to the page itself.
 */
export function legacyRedirects(
  legacy: readonly LegacyPage[],
  routes: ReadonlySet<string>,
  places: ReadonlyMap<string, Place>,
  page: { apiId: string; title: string; baseUrl: string; fallback: string },
): ApiRedirect[] {
  const redirects: ApiRedirect[] = [];
  for (const old of legacy) {
    if (routes.has(old.route)) continue;
    const to = (old.main !== undefined ? places.get(old.main)?.route : undefined) ?? page.fallback;
    redirects.push({
      apiId: page.apiId,
      route: old.route,
      to,
      title: page.title,
      anchors: old.anchors.map((id) => {
        const place = places.get(id);
        const href = place ? `${withBase(page.baseUrl, place.route)}#${id}` : withBase(page.baseUrl, to);
        return { id, href, label: place?.label ?? id };
      }),
    });
  }
  return redirects;
}
