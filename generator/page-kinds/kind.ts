import type { CompiledPage } from '../content/types.js';
import type { TwinSource } from './twin-sources.js';
import type { PageEntry } from '../render/api/mcp/published.js';
import type { RenderContext, RenderJob } from './render-context.js';
import type { KindContent, KindSite, PageKindId } from './site.js';

export type { KindContent, KindSite, PageKindId } from './site.js';

/**
 * One kind of page of the site, and what each stage does with its pages: the registry
 * (`PAGE_KINDS`) is what render, markdown, search, the MCP index, the write stage and `dev` loop
 * over. The stages' own code stays where it is; a kind calls into it.
 */
export interface PageKind {
  id: PageKindId;
  /** Each of its pages to render: its head, model and cache key, and how to render it. */
  render(ctx: RenderContext): RenderJob[];
  /** The sources of its pages' Markdown twins, in the order of llms-full.txt; none when it has no twins. */
  twins(site: KindSite): TwinSource[];
  /**
   * The compiled content pages its pages are made from: what the search index reads (those whose
   * front matter leaves search on), what the MCP index takes descriptions and headings from, and
   * the files whose edit `dev` may take on its fast path.
   */
  sources(content: KindContent): readonly CompiledPage[];
  /** Whether its pages are listed in sitemap.xml. */
  sitemap: boolean;
  /** What the MCP site index (`mcp/site.json`) calls its pages; undefined: they are left out. */
  mcp: PageEntry['kind'] | undefined;
  /**
   * How `specsite dev` takes an edit to one of its sources that keeps the navigation: `page`
   * recompiles and renders that page alone; `full` runs the whole pipeline.
   */
  devEdit: 'page' | 'full';
}
