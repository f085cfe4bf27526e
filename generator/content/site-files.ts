import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { SEARCH_FOLDER } from '../../templates/search/paths.js';
import { routeTaken } from './routes.js';
import type { PageSource } from './types.js';

/**
 * Files and folders at the top of `out/site` that the build writes itself. A page is a folder with
 * an `index.html`, so a page at `/llms.txt/` or `/pagefind/pagefind.js/` would need a folder where
 * the build writes a file (or put its page among the search index's chunks): such a route is
 * refused where the page is, instead of failing the swap of the output with no page named.
 * `test/site-files.test.ts` holds the list against what a build writes.
 */
const FILES = new Set(['404.html', 'sitemap.xml', 'robots.txt', 'llms.txt', 'llms-full.txt']);
const FOLDERS = new Set(['assets', SEARCH_FOLDER.replace(/\/$/, '')]);
/** A page's own files, beside its `index.html`: its Markdown twin. */
const PAGE_FILES = new Set(['index.html', 'index.md']);

/** What of the site's own the route would land on, or undefined. */
export function siteFileAt(route: string): string | undefined {
  const segments = route.split('/').filter((s) => s !== '');
  const [first] = segments;
  const last = segments.at(-1);
  if (first === undefined) return undefined;
  if (FOLDERS.has(first)) return `the site's ${first}/ folder`;
  if (segments.length === 1 && (FILES.has(first) || /^favicon\.[a-z]+$/.test(first))) return `the site's ${first}`;
  if (last !== undefined && PAGE_FILES.has(last)) return `a page's ${last}`;
  return undefined;
}

/** A `duplicate-route` error for each page whose route lands on a file or folder the build writes itself. */
export function siteFileDiagnostics(pages: readonly PageSource[]): Diagnostic[] {
  return pages.flatMap((page) => {
    const owner = siteFileAt(page.route);
    const message = `route ${page.route} would take the place of ${owner}; change the file name or its "slug"`;
    return owner === undefined ? [] : [routeTaken(page, message)];
  });
}
