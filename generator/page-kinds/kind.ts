import type { CompiledPage, PageSource } from '../content/types.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
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
   * How `specsite dev` takes an edit to one of its sources that keeps the navigation: recompiling
   * that page and rendering it again (with `alsoRenders`); undefined: the whole pipeline runs.
   */
  devEdit: DevEdit | undefined;
}

/** How `specsite dev` takes an edit to a source of a kind's pages on its fast path. */
export interface DevEdit {
  /**
   * The page read again from its edited text, with what reading it found; undefined when the edit
   * changes more than the page itself (the whole pipeline then runs, and reports any problem).
   */
  read(page: CompiledPage, text: string, site: KindSite): { page: PageSource; diagnostics: Diagnostic[] } | undefined;
  /** The routes of other pages that show what such an edit may change (a post's summary on the blog's lists). */
  alsoRenders(site: KindSite): string[];
}
