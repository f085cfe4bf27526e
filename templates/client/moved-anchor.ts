import { routeUrl } from './routes.js';
import { siteRoot } from './site-elements.js';

/** Where `MovedAnchors` writes its entries; a page's content can write no `<section>` and no `data-` attribute. */
const MOVED = 'main.api-main section#api-moved > ul.api-moved > li[data-moved-to]';

/**
 * A large API reference is split into a page per tag; its overview keeps an element for every
 * operation's old anchor, naming where the operation now lives, so deep links keep working. Only
 * such an element is followed, and only to a page of this site.
 */
export function followMovedAnchor(): void {
  let id = '';
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return;
  }
  if (!id) return;
  const root = siteRoot(document);
  const baseUrl = root?.getAttribute('data-base-url');
  const entry = root?.querySelector(`${MOVED}#${CSS.escape(id)}`);
  const target = entry && baseUrl ? sitePage(entry.getAttribute('data-moved-to') ?? '', baseUrl) : undefined;
  if (target) window.location.replace(target);
}

/**
 * `to` as an address on this site, under its base URL; undefined for anything else (another
 * origin, `//host`, a scheme, backslashes, which the URL parser reads as slashes).
 */
export function sitePage(to: string, baseUrl: string): string | undefined {
  if (!to.startsWith('/') || to.startsWith('//') || /[\\\u0000-\u0020\u007f]/.test(to)) return undefined;
  let url: URL;
  try {
    url = new URL(to, window.location.href);
  } catch {
    return undefined;
  }
  return routeUrl(url, baseUrl) === undefined ? undefined : url.href;
}
