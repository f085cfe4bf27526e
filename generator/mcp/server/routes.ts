import { safeDecode } from '../../sources/safe-decode.js';
import { ToolError } from './tool-error.js';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The route a reader means by `given`: a route with or without its slashes (`/docs/x`, `docs/x/`),
 * a path under the site's base URL, the page's Markdown or HTML file (`…/index.md`), or a full URL
 * of the site; a query and an anchor are ignored. A URL of another site is an error.
 */
export function routeOf(given: string, root: URL): string {
  const text = given.trim();
  let path: string;
  let underBase: boolean;
  if (SCHEME.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new ToolError(`"${given}" is not a URL; give a route (/docs/...) or a URL of ${root.href}`);
    }
    if (url.origin !== root.origin || !`${url.pathname}/`.startsWith(root.pathname))
      throw new ToolError(`"${given}" is not a page of this site; its pages are under ${root.href}`);
    path = url.pathname;
    underBase = true;
  } else {
    // Resolved against a stand-in origin, so that `..` and `.` segments are settled as a browser would.
    path = new URL(`/${text.replace(/^\/+/, '')}`, 'http://route.invalid').pathname;
    underBase = root.pathname !== '/' && `${path}/`.startsWith(root.pathname);
  }
  path = safeDecode(path, decodeURI).replace(/\/{2,}/g, '/');
  if (underBase) path = path.length < root.pathname.length ? '/' : `/${path.slice(root.pathname.length)}`;
  path = path.replace(/\/index\.(md|html)$/, '/');
  if (!path.endsWith('/') && !path.endsWith('.html')) path += '/';
  return path;
}
