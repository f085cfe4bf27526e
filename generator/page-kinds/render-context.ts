import type { sidebarTrails } from '../content/index.js';
import type { CompiledPage } from '../content/types.js';
import type { ContentResult } from '../content/index.js';
import type { LazyReference } from '../render/api/lazy-reference.js';
import type { TreePage } from '../render/pages.js';
import type { ApiLinksModel } from '../../templates/api/model.js';
import type { ContractCatalog } from '../../templates/mdx/contract-model.js';
import type { HeadModel, SiteModel } from '../../templates/model.js';
import type { KindSite } from './site.js';

/** What `renderSite` resolved once for the whole site, which each kind's pages are rendered with. */
export interface RenderContext extends KindSite {
  content: ContentResult;
  site: SiteModel;
  reference: Pick<LazyReference, 'full'> & Partial<Pick<LazyReference, 'redirects'>>;
  head(
    route: string,
    title: string,
    description: string | undefined,
    ogType: HeadModel['ogType'],
    noindex?: boolean,
  ): HeadModel;
  /** The contracts a page's contract components draw on (none for a page that uses none). */
  catalog(page: CompiledPage): Promise<ContractCatalog>;
  /** What a content page's HTML depends on: its content, and the reference when it draws on it. */
  contentKey(page: CompiledPage): string;
  /** The sidebar's entries in reading order, and each route's trail. */
  reading: ReadonlyArray<{ label: string; route: string }>;
  trails: ReturnType<typeof sidebarTrails>;
  apiLinks(apiId: string): ApiLinksModel;
}

/** One page to render: what keys it in the cache, how to render it here and, for a page that draws on no contract, what another thread needs to. */
export interface RenderJob {
  page: { route: string; display?: string };
  /** Its title in the build report. */
  title: string;
  parts: readonly string[];
  /** The output file, when it is not the route's `index.html`. */
  file?: string;
  tree?: TreePage;
  render(templates: typeof import('../render/pages.js')): Promise<string>;
  /** The API of a reference page, whose weight the build report gives. */
  apiId?: string;
}
