import { isSafeUrl } from '../../templates/url-policy.js';
import { withBase } from '../content/plugins/urls.js';
import { safeDecode } from '../sources/safe-decode.js';

/** Where a link of a twin points, once it is absolute: a route of the site (and an anchor), or elsewhere. */
export interface SiteTarget {
  /** Path under the base URL, with a leading slash: `/docs/x/`, `/docs/x/index.md`, `/assets/a.png`. */
  path: string;
  /** The fragment without `#`, decoded; undefined when there is none. */
  hash: string | undefined;
}

/**
 * The URLs of the twins. Every link and image of a twin is absolute (the site's `url` and base URL):
 * a twin is read away from the site (copied into an assistant, or inside llms-full.txt), where a
 * path would point nowhere. Every URL goes through the site's one URL policy first.
 */
export class TwinUrls {
  private readonly origin: string;
  private readonly root: string;

  constructor(
    readonly siteUrl: string,
    readonly baseUrl: string,
  ) {
    this.root = new URL(baseUrl, siteUrl).href;
    this.origin = new URL(siteUrl).origin;
  }

  /** The page at `route` (`/docs/x/`). */
  page(route: string): string {
    return new URL(route.replace(/^\//, ''), this.root).href;
  }

  /** A file of the site at `path` (`/llms-full.txt`). */
  file(path: string): string {
    return this.page(path);
  }

  /** The Markdown twin of the page at `route`. */
  twin(route: string): string {
    return new URL(twinPath(route), this.root).href;
  }

  /**
   * `url` as written on the page at `from` (absolute), made absolute; undefined when the URL policy
   * refuses it (a `javascript:` link is then its text alone) or it is no URL at all.
   */
  resolve(url: string, from: string): string | undefined {
    if (!isSafeUrl(url)) return undefined;
    try {
      const resolved = new URL(url, from);
      // What a base URL of `/` and a path of `//host` make: another host, not a path of this site.
      return isSafeUrl(resolved.href) ? resolved.href : undefined;
    } catch {
      return undefined;
    }
  }

  /** A path a site component writes without the base URL (`<Card href="/docs/">`), as the component draws it. */
  component(href: string, from: string): string | undefined {
    if (!isSafeUrl(href)) return undefined;
    return this.resolve(href.startsWith('/') && !href.startsWith('//') ? withBase(this.baseUrl, href) : href, from);
  }

  /** The site path an absolute URL of this site points to, or undefined for a URL elsewhere. */
  target(url: string): SiteTarget | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (parsed.origin !== this.origin || !parsed.pathname.startsWith(this.baseUrl)) return undefined;
    const hash = parsed.hash === '' ? undefined : safeDecode(parsed.hash.slice(1), decodeURIComponent);
    return { path: `/${parsed.pathname.slice(this.baseUrl.length)}`, hash };
  }
}

/** Where the twin of the page at `route` is written in the site: `docs/x/index.md`, `index.md`. */
export function twinPath(route: string): string {
  return `${route.replace(/^\//, '')}index.md`;
}
