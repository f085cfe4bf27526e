import type { CompiledPage, SidebarNode } from '../content/types.js';
import { flattenSidebar } from '../content/sidebar.js';
import type { ApiPageSummary } from '../render/api/lazy-reference.js';
import type { BlogRenderPage } from '../render/blog/pages.js';

/** A page of the site that has a Markdown twin, with what its twin's header and llms.txt say of it. */
export interface TwinSource {
  route: string;
  kind: 'doc' | 'page' | 'blog' | 'api';
  title: string;
  description: string | undefined;
  /** The file a problem of its twin is reported at, when it has one (a content page). */
  display: string | undefined;
  /** Content pages: the page. Blog pages: the page's model (and a post's compiled page). API pages: its summary. */
  page:
    | { kind: 'content'; page: CompiledPage }
    | { kind: 'blog'; page: BlogRenderPage }
    | { kind: 'api'; page: ApiPageSummary };
}

/** The docs' twins in sidebar order, then any the sidebar leaves out, by route. */
export function docTwinSources(docs: readonly CompiledPage[], sidebar: readonly SidebarNode[]): TwinSource[] {
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
  return ordered.map((d) => contentTwinSource(d, 'doc'));
}

/** The standalone pages' twins, by route. */
export function pageTwinSources(pages: readonly CompiledPage[]): TwinSource[] {
  return [...pages].sort(byRouteOrder).map((p) => contentTwinSource(p, 'page'));
}

function contentTwinSource(page: CompiledPage, kind: 'doc' | 'page'): TwinSource {
  return {
    route: page.route,
    kind,
    title: page.frontMatter.title,
    description: page.frontMatter.description,
    display: page.display,
    page: { kind: 'content', page },
  };
}

export function blogTwinSource(page: BlogRenderPage): TwinSource {
  return {
    route: page.route,
    kind: 'blog',
    title: page.title,
    description: page.description,
    display: page.post?.display,
    page: { kind: 'blog', page },
  };
}

export function apiTwinSource(page: ApiPageSummary): TwinSource {
  return {
    route: page.route,
    kind: 'api',
    title: page.title,
    description: page.description,
    display: undefined,
    page: { kind: 'api', page },
  };
}

function byRouteOrder(a: { route: string }, b: { route: string }): number {
  return a.route < b.route ? -1 : a.route > b.route ? 1 : 0;
}
