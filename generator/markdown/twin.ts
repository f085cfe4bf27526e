import type { ApiPage } from '../render/api/reference-pages.js';
import type { ContractCatalog } from '../../templates/mdx/contract-model.js';
import { changelogBlocks } from './api/changelog.js';
import { referenceBlocks } from './api/reference.js';
import { CONTRACT_COMPONENTS } from './content/contract-components.js';
import { CONTENT_HANDLERS, PageConverter } from './content/page.js';
import type { SiteText } from './content/tree.js';
import { TwinContext } from './context.js';
import type { TwinSource } from './pages.js';
import type { TwinUrls } from './urls.js';
import type { TwinWork } from './work.js';

/** What making a twin may need beyond the page: the reference's full pages and catalog, loaded only when some page needs them. */
export interface TwinModels {
  catalog: ContractCatalog;
  apiPage(route: string): ApiPage | undefined;
}

/**
 * What is left to do for a page's twin. A content page that draws on no contract is made and printed
 * wherever the work runs, from its syntax tree; the others (a reference page's model, the catalog of
 * a page's contract components) are only here, so their blocks are made here and printed there.
 */
export function twinWork(source: TwinSource, urls: TwinUrls, site: SiteText, models: TwinModels): TwinWork {
  const address = urls.page(source.route);
  const header = { title: source.title, description: source.description, address };
  const ctx = new TwinContext(urls, address);
  if (source.page.kind === 'content') {
    const page = source.page.page;
    if (!page.usesContracts)
      return {
        kind: 'content',
        header,
        twin: page.twin,
        route: page.route,
        siteUrl: urls.siteUrl,
        baseUrl: urls.baseUrl,
        site,
      };
    const handlers = { ...CONTENT_HANDLERS, ...CONTRACT_COMPONENTS };
    const blocks = new PageConverter(ctx, models.catalog, site, handlers).blocks(page.twin);
    return { kind: 'blocks', header, blocks, links: ctx.links };
  }
  const page = models.apiPage(source.route);
  if (!page) throw new Error(`the reference has no page at ${source.route}`);
  const blocks = page.model.kind === 'changelog' ? changelogBlocks(page.model, ctx) : referenceBlocks(page.model, ctx);
  return { kind: 'blocks', header, blocks, links: ctx.links };
}
