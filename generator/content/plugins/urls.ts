const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** True for http(s), mailto and tel URLs and for scheme-less ones (paths, anchors). */
export function isSafeUrl(url: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = url.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = SCHEME.exec(compact)?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}

/** Has a scheme or starts with `//`: points outside the site. */
export function isExternalUrl(url: string): boolean {
  return SCHEME.test(url) || url.startsWith('//');
}

/** The site path for `route` (`/docs/x/`) under the base URL (`/site/`): `/site/docs/x/`. */
export function withBase(baseUrl: string, route: string): string {
  return baseUrl + route.replace(/^\//, '');
}
