import type { PageData } from '../model.js';
import type { PageHtml } from '../Layout.js';
import { pageDataScript, siteRoot } from './site-elements.js';

/** The `<head>` elements a page sets for itself; navigation replaces them with the next page's. */
const HEAD_SELECTORS = [
  'meta[name="description"]',
  'meta[name="robots"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'link[rel="canonical"]',
  'link[rel="alternate"][type="text/markdown"]',
] as const;

/** One page of the site as the client holds it: read from a document, decoded when rendered. */
export interface RouteDocument {
  /** Path and query, without the hash. */
  url: string;
  /** The page data's JSON text; decoding it can fail, and that is a crash of the page, not of loading. */
  data: string;
  /** What the server rendered inside `.page-wrapper`, read when first used (see `lazyInnerHtml`). */
  html: PageHtml;
  title: string;
  head: Element[];
}

/** A page that could not be fetched or is not one of this site's pages. */
export class RouteLoadError extends Error {
  // Set in the constructor, not as a class field (see ErrorBoundary).
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'RouteLoadError';
  }
}

/** Reads a page out of a whole HTML document (the current one at start, or a fetched one). */
export function readRouteDocument(doc: Document, url: string): RouteDocument {
  const root = siteRoot(doc);
  const wrapper = root?.querySelector(':scope > .page-wrapper');
  const data = pageDataScript(doc)?.textContent;
  if (!root || !wrapper || data == null) throw new RouteLoadError(`${url} is not a page of this site`);
  const head = HEAD_SELECTORS.flatMap((selector) => [...doc.head.querySelectorAll(selector)]);
  return { url, data, html: lazyInnerHtml(wrapper), title: doc.title, head };
}

/**
 * The element's markup, serialized on first read. Hydration never reads it, and serializing a large
 * API page took 5 to 10 ms of the task that starts the client; a fetched page is read when shown.
 * The current page is read, if ever, when the next page replaces it, before anything is written.
 */
function lazyInnerHtml(element: Element): PageHtml {
  let html: string | undefined;
  return {
    get __html() {
      html ??= element.innerHTML;
      return html;
    },
  };
}

/** Decodes a page's data; a failure names the page and keeps what went wrong as its cause. */
export function decodePageData(page: RouteDocument): PageData {
  let data: unknown;
  try {
    data = JSON.parse(page.data);
  } catch (cause) {
    throw new Error(`The data of the page ${page.url} could not be read`, { cause });
  }
  const candidate = data as Partial<PageData> | null;
  if (typeof candidate?.route !== 'string' || typeof candidate.siteData !== 'string') {
    throw new Error(`The data of the page ${page.url} is incomplete`, {
      cause: new TypeError('expected a route and the path of the site model'),
    });
  }
  return candidate as PageData;
}

let pendingHead = 0;

/** Title and meta tags of the new page, debounced to the next animation frame: one head update per navigation. */
export function updateHead(page: RouteDocument): void {
  cancelAnimationFrame(pendingHead);
  pendingHead = requestAnimationFrame(() => {
    document.title = page.title;
    for (const selector of HEAD_SELECTORS) for (const old of document.head.querySelectorAll(selector)) old.remove();
    for (const element of page.head) document.head.append(document.importNode(element, true));
  });
}
