/**
 * The one URL policy of the site: a page may link to http, https, mailto and tel URLs and to
 * scheme-less ones (paths, anchors, queries). Content, the config, contracts and the browser code
 * all ask this module, so the client never draws a URL the build would have refused.
 */

/** The schemes a published URL may have; the Markdown sanitizer of contract text gets the same list. */
export const SAFE_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

const SAFE = new Set(SAFE_SCHEMES);
const SCHEME = /^([a-z][a-z\d+.-]*):/i;
/**
 * What a browser drops before it reads a scheme: leading C0 controls and spaces, and tabs and line
 * breaks anywhere ("java\tscript:"). Removing every control character and space is stricter.
 */
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f]/g;

/** True for http(s), mailto and tel URLs and for scheme-less ones (paths, anchors). */
export function isSafeUrl(url: string): boolean {
  const scheme = SCHEME.exec(url.replace(IGNORED_BY_BROWSERS, ''))?.[1];
  return scheme === undefined || SAFE.has(scheme.toLowerCase());
}

/** Has a scheme or starts with `//`: points outside the site. */
export function isExternalUrl(url: string): boolean {
  return SCHEME.test(url) || url.startsWith('//');
}

/** `href` when the policy allows it; otherwise nothing, so an element that would carry it carries no link. */
export function safeHref(href: string | undefined): string | undefined {
  return href !== undefined && isSafeUrl(href) ? href : undefined;
}

/** The URLs of a `srcset` value: the first word of each comma-separated candidate. */
export function srcsetUrls(value: string): string[] {
  return value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter((url) => url !== '');
}

/** The message every refused URL gets, in content and in the config. */
export function unsafeUrlMessage(url: string): string {
  return `${JSON.stringify(url.slice(0, 60))} is not an allowed URL (http, https, mailto, tel or a path)`;
}
