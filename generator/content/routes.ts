import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { displayPath } from '../sources/display-path.js';
import { ROUTE_INVALID, routeMessage, routeProblem } from '../sources/route-policy.js';
import type { FoundFile } from './discover.js';
import type { FrontMatter, PageKind, PageSource } from './types.js';

const DOCS_ROOT = '/docs/';

/** Gives a found file its id and route: the path decides, front matter `id` and `slug` override. */
export function toPageSource(kind: PageKind, found: FoundFile, frontMatter: FrontMatter): PageSource {
  const withoutExt = found.relPath.replace(/\.mdx?$/, '');
  const parts = withoutExt.split('/');
  const name = parts.pop() as string;
  const dir = parts.join('/');
  const id = join(dir, frontMatter.id ?? name);
  const root = kind === 'doc' ? DOCS_ROOT : '/';
  let route: string;
  if (frontMatter.slug?.startsWith('/')) route = normalizeRoute(root + frontMatter.slug.slice(1));
  else if (frontMatter.slug) route = normalizeRoute(`${root}${join(dir, frontMatter.slug)}`);
  else route = normalizeRoute(`${root}${join(dir, name === 'index' ? '' : (frontMatter.id ?? name))}`);
  return {
    kind,
    file: found.file,
    display: displayPath(found.file),
    relPath: found.relPath,
    id,
    route,
    format: found.relPath.endsWith('.md') ? 'md' : 'mdx',
    text: found.text,
    frontMatter,
  };
}

/**
 * A page whose file name cannot be a route (a backslash, `%2f` or a control character in a folder
 * or file name; front matter is checked where it is read), or whose route came out as no route of
 * the site all the same: one error at the file, and the page is left out.
 */
export function routeDiagnostics(page: PageSource): Diagnostic[] {
  const nameProblem = routeProblem(page.relPath);
  const problem = nameProblem ?? routeProblem(page.route);
  if (problem === undefined) return [];
  const message =
    nameProblem !== undefined
      ? `the file's path ${JSON.stringify(page.relPath)} ${problem}, so it gives no route; rename it`
      : routeMessage('the route', page.route, problem);
  return [{ file: page.display, line: 1, column: 1, severity: 'error', rule: ROUTE_INVALID, message }];
}

/** `/a//b` → `/a/b/`: one slash between segments, always a trailing one. */
export function normalizeRoute(route: string): string {
  const segments = route.split('/').filter((s) => s !== '' && s !== '.');
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`;
}

/** Two files that claim the same route, or two docs with the same id, are errors on the later file. */
/** A `duplicate-route` error at the page whose route something else of the site has already. */
export function routeTaken(page: PageSource, message: string): Diagnostic {
  return { file: page.display, line: 1, column: 1, severity: 'error', rule: 'duplicate-route', message };
}

export function checkDuplicates(pages: readonly PageSource[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const routes = new Map<string, PageSource>();
  const ids = new Map<string, PageSource>();
  for (const page of pages) {
    const sameRoute = routes.get(page.route);
    if (sameRoute)
      out.push(
        routeTaken(
          page,
          `route ${page.route} is also the route of ${sameRoute.display}; change the file name or its "slug"`,
        ),
      );
    else routes.set(page.route, page);
    if (page.kind !== 'doc') continue;
    const sameId = ids.get(page.id);
    if (sameId)
      out.push({
        file: page.display,
        line: 1,
        column: 1,
        severity: 'error',
        rule: 'duplicate-id',
        message: `doc id "${page.id}" is also the id of ${sameId.display}; change the file name or its "id"`,
      });
    else ids.set(page.id, page);
  }
  return out;
}

function join(dir: string, name: string): string {
  return dir ? `${dir}/${name}` : name;
}
