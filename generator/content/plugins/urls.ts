export { isExternalUrl, isSafeUrl } from '../../../templates/url-policy.js';

/** The site path for `route` (`/docs/x/`) under the base URL (`/site/`): `/site/docs/x/`. */
export function withBase(baseUrl: string, route: string): string {
  return baseUrl + route.replace(/^\//, '');
}
