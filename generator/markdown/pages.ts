import type { CompiledPage, SidebarNode } from '../content/types.js';
import { flattenSidebar } from '../content/sidebar.js';
import type { ApiPageSummary } from '../render/api/lazy-reference.js';

/** A page of the site that has a Markdown twin, with what its twin's header and llms.txt say of it. */
export interface TwinSource {
  route: string;
  kind: 'doc' | 'page' | 'api';
  title: string;
  description: string | undefined;
  /** The file a problem of its twin is reported at, when it has one (a content page). */
  display: string | undefined;
  /** Content pages: the page. API pages: its summary. */
  page: { kind: 'content'; page: CompiledPage } | { kind: 'api'; page: ApiPageSummary };
}

/**
 * Every page with a twin, in the order of llms-full.txt: the docs in sidebar order (then any the
 * sidebar leaves out, by route), the standalone pages by route, then the API references in the
 * config's order, each as its pages come.
 */
export function twinSources(
  docs: readonly CompiledPage[],
  pages: readonly CompiledPage[],
  sidebar: readonly SidebarNode[],
  apiPages: readonly ApiPageSummary[],
): TwinSource[] {
  const byRoute = new Map(docs.map((d) => [d.route, d]));
  const ordered: CompiledPage[] = [];
  const seen = new Set<string>();
  const take = (doc: CompiledPage | undefined): void => {
    if (!doc || seen.has(doc.route)) return;
    seen.add(doc.route);
    ordered.push(doc);
  };
  for (const entry of flattenSidebar([...sidebar])) take(byRoute.get(entry.route));
  for (const doc of [...docs].sort(byRouteOrder)) take(doc);
  const content = (page: CompiledPage, kind: 'doc' | 'page'): TwinSource => ({
    route: page.route,
    kind,
    title: page.frontMatter.title,
    description: page.frontMatter.description,
    display: page.display,
    page: { kind: 'content', page },
  });
  return [
    ...ordered.map((d) => content(d, 'doc')),
    ...[...pages].sort(byRouteOrder).map((p) => content(p, 'page')),
    ...apiPages.map((page): TwinSource => ({
      route: page.route,
      kind: 'api',
      title: page.title,
      description: page.description,
      display: undefined,
      page: { kind: 'api', page },
    })),
  ];
}

function byRouteOrder(a: { route: string }, b: { route: string }): number {
  return a.route < b.route ? -1 : a.route > b.route ? 1 : 0;
}

/** Whether making the page's twin needs the reference's models (its pages, and the catalog of contract components). */
export function needsModels(source: TwinSource): boolean {
  return source.page.kind === 'api' || source.page.page.usesContracts;
}
