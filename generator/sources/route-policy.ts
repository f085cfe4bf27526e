/**
 * What a route written by the user (a front-matter `slug` or `id`, a content file's name, a
 * configured route) may hold. A route becomes a folder under `out/site` and a path in links, so
 * anything that a file system or a browser reads as another place is refused, not cleaned up:
 * `..` and `.` segments, empty segments (`//`), backslashes, control characters, encoded dots,
 * slashes and controls, and URLs with a scheme or a host.
 */
export const ROUTE_INVALID = 'route-invalid';

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const ENCODED = /%(?:2e|2f|5c|[01][0-9a-f]|7f)/i;
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** Why `route` cannot be a route of this site, as the end of a sentence ("… because it …"), or undefined. */
export function routeProblem(route: string): string | undefined {
  if (CONTROL.test(route)) return 'contains a control character';
  if (route.includes('\\')) return 'contains a backslash';
  if (ENCODED.test(route))
    return `contains an encoded dot, slash, backslash or control character ("${ENCODED.exec(route)?.[0]}")`;
  if (SCHEME.test(route) || route.startsWith('//')) return 'is a URL, not a path of this site';
  if (route === '/' || route === '') return undefined;
  for (const segment of route.replace(/^\//, '').replace(/\/$/, '').split('/')) {
    if (segment === '..' || segment === '.') return `has a "${segment}" segment`;
    if (segment === '') return 'has an empty segment ("//")';
  }
  return undefined;
}

/** The message for a route that `routeProblem` refused. */
export function routeMessage(what: string, route: string, problem: string): string {
  return `${what} ${JSON.stringify(route)} ${problem}; write a path of plain segments, like "/guides/setup/"`;
}
