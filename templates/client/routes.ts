import { readRouteDocument, RouteLoadError, type RouteDocument } from './route-document.js';
import { withSiteModel } from './site-data.js';

const MAX_CACHED = 40;
const cache = new Map<string, Promise<RouteDocument>>();

/**
 * The path (and query) of a link the client may load itself: same origin, under the base URL, and a
 * page rather than a file (an OpenAPI download, an image). A trailing `index.html` is stripped.
 */
export function routeUrl(url: URL, baseUrl: string): string | undefined {
  if (url.origin !== window.location.origin || !url.pathname.startsWith(baseUrl)) return undefined;
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  if (last.includes('.') && !last.endsWith('.html')) return undefined;
  return stripIndexHtml(url.pathname) + url.search;
}

/** The route a link element leads to, when the client may load it itself. */
export function linkRoute(link: Element, baseUrl: string): { url: URL; path: string } | undefined {
  const url = new URL(link.getAttribute('href') ?? '', window.location.href);
  const path = routeUrl(url, baseUrl);
  return path === undefined ? undefined : { url, path };
}

export function stripIndexHtml(pathname: string): string {
  return pathname.replace(/\/index\.html$/, '/');
}

async function fetchRoute(url: string): Promise<RouteDocument> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
  } catch (cause) {
    throw new RouteLoadError(`${url} could not be loaded`, { cause });
  }
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/html'))
    throw new RouteLoadError(`${url} answered ${response.status} ${response.statusText}`.trim());
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  return withSiteModel(readRouteDocument(doc, url));
}

/**
 * A page, from the cache of prefetched pages or the network; `fresh` skips the cache. A failure is
 * not cached, so the next attempt asks the network again.
 */
export function loadRoute(url: string, options: { fresh?: boolean } = {}): Promise<RouteDocument> {
  const cached = options.fresh ? undefined : cache.get(url);
  if (cached) return cached;
  const loading = fetchRoute(url);
  remember(url, loading);
  loading.catch(() => {
    if (cache.get(url) === loading) cache.delete(url);
  });
  return loading;
}

function remember(url: string, page: Promise<RouteDocument>): void {
  cache.delete(url);
  cache.set(url, page);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
}

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetching costs data: not on 2g connections or with data saver on. */
export function prefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !(connection?.saveData === true || (connection?.effectiveType ?? '').includes('2g'));
}

/** Loads a page ahead of a likely click; errors wait for the click, which then reloads. */
export function prefetchRoute(url: string): void {
  if (!cache.has(url) && prefetchAllowed()) loadRoute(url).catch(() => undefined);
}
