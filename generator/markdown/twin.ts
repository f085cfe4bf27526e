import type { ApiPage } from '../render/api/reference-pages.js';
import type { ContractCatalog } from '../../templates/mdx/contract-model.js';
import type { BlogRenderPage } from '../render/blog/pages.js';
import { changelogBlocks } from './api/changelog.js';
import { referenceBlocks } from './api/reference.js';
import { blogListBlocks, blogTagsBlocks, postLead } from './blog.js';
import { CONTRACT_COMPONENTS } from './content/contract-components.js';
import { CONTENT_HANDLERS, PageConverter } from './content/page.js';
import type { SiteText } from './content/tree.js';
import { TwinContext } from './context.js';
import type { TwinSource } from './pages.js';
import type { Flow } from './nodes.js';
import type { TwinUrls } from './urls.js';
import type { TwinHeader } from './header.js';
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
  if (source.page.kind === 'blog') return blogWork(source.page.page, header, ctx, site, models);
  if (source.page.kind === 'content') {
    const page = source.page.page;
    if (!page.usesContracts) return contentWork(page, header, urls, site);
    const handlers = { ...CONTENT_HANDLERS, ...CONTRACT_COMPONENTS };
    const blocks = new PageConverter(ctx, models.catalog, site, handlers).blocks(page.twin);
    return { kind: 'blocks', header, blocks, links: ctx.links };
  }
  const page = models.apiPage(source.route);
  if (!page) throw new Error(`the reference has no page at ${source.route}`);
  const blocks = page.model.kind === 'changelog' ? changelogBlocks(page.model, ctx) : referenceBlocks(page.model, ctx);
  return { kind: 'blocks', header, blocks, links: ctx.links };
}

/**
 * A page of the blog: a post is its text under its date, authors and tags (made, like a docs
 * page's, wherever the work runs when it draws on no contract); a list or the tags index is made
 * from the page's model here.
 */
function blogWork(
  page: BlogRenderPage,
  header: TwinHeader,
  ctx: TwinContext,
  site: SiteText,
  models: TwinModels,
): TwinWork {
  const { model, post } = page;
  const made = (blocks: Flow[]): TwinWork => ({ kind: 'blocks', header, blocks, links: ctx.links });
  if (model.kind === 'blog-tags') return made(blogTagsBlocks(model, ctx));
  if (model.kind !== 'blog-post') return made(blogListBlocks(model, ctx));
  const lead = postLead(model.post, ctx);
  if (!post) return made(lead);
  if (!post.usesContracts)
    return { ...contentWork(post, header, ctx.urls, site), lead: { blocks: lead, links: ctx.links } };
  const handlers = { ...CONTENT_HANDLERS, ...CONTRACT_COMPONENTS };
  return made([...lead, ...new PageConverter(ctx, models.catalog, site, handlers).blocks(post.twin)]);
}

/** A page that draws on no contract: made and printed wherever the work runs, from its syntax tree. */
function contentWork(
  page: { twin: string; route: string },
  header: TwinHeader,
  urls: TwinUrls,
  site: SiteText,
): Extract<TwinWork, { kind: 'content' }> {
  return {
    kind: 'content',
    header,
    twin: page.twin,
    route: page.route,
    siteUrl: urls.siteUrl,
    baseUrl: urls.baseUrl,
    site,
  };
}
