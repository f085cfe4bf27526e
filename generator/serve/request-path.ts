/**
 * The files of the site (relative to its folder, `/`-separated) a request may name, in the order a
 * static host tries them: clean URLs, so `/docs/x` is `docs/x` or else `docs/x/index.html`. None
 * for a path outside the base URL or one that could name anything but a file below the site's
 * folder: `.` or `..` segments (plain or percent-encoded), encoded separators (`%2f`, `%5c`),
 * backslashes, empty segments and control characters, NUL included. `specsite dev` serves from
 * memory with the same mapping.
 */
export function siteFileCandidates(url: string, baseUrl: string): string[] | undefined {
  let raw: string;
  try {
    // The URL parser already resolves `..`, `%2e%2e` and `\` (a `/` in http URLs) against the root.
    raw = new URL(url, 'http://host').pathname;
  } catch {
    return undefined;
  }
  // An encoded separator would make one decoded segment into several: never a name the site has.
  if (/%(2f|5c)/i.test(raw)) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return undefined;
  if (`${path}/` === baseUrl) path = baseUrl;
  if (!path.startsWith(baseUrl)) return undefined;
  const inside = path.slice(baseUrl.length);
  const segments = inside.split('/');
  // The last segment is empty for a path ending in `/`; any other empty one is `//`.
  if (
    segments.some((segment, at) => segment === '.' || segment === '..' || (segment === '' && at < segments.length - 1))
  )
    return undefined;
  return inside === '' || inside.endsWith('/') ? [`${inside}index.html`] : [inside, `${inside}/index.html`];
}
