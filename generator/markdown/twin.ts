import type { ApiPage } from '../render/api/reference-pages.js';
import type { ContractCatalog } from '../../templates/mdx/contract-model.js';
import { changelogBlocks } from './api/changelog.js';
import { referenceBlocks } from './api/reference.js';
import { PageConverter } from './content/page.js';
import type { SiteText } from './content/tree.js';
import { TwinContext } from './context.js';
import { heading, link, paragraph, singleLine, text, type Flow } from './nodes.js';
import type { TwinSource } from './pages.js';
import { printMarkdown } from './print.js';
import type { TwinUrls } from './urls.js';
import type { TwinWork } from './work.js';

/** What making a twin may need beyond the page: the reference's full pages and catalog, loaded only when some page needs them. */
export interface TwinModels {
  catalog: ContractCatalog;
  apiPage(route: string): ApiPage | undefined;
}

/** Whether making the page's twin needs the reference's models (`TwinModels`). */
export function needsModels(source: TwinSource): boolean {
  return source.page.kind === 'api' || source.page.page.usesContracts;
}

/**
 * What is left to do for a page's twin. A content page that draws on no contract is made and printed
 * wherever the work runs, from its syntax tree; the others (a reference page's model, the catalog of
 * a page's contract components) are only here, so their blocks are made here and printed there.
 */
export function twinWork(source: TwinSource, urls: TwinUrls, site: SiteText, models: TwinModels): TwinWork {
  const ctx = new TwinContext(urls, urls.page(source.route));
  if (source.page.kind === 'content') {
    const page = source.page.page;
    if (!page.usesContracts)
      return {
        kind: 'content',
        twin: page.twin,
        route: page.route,
        siteUrl: urls.siteUrl,
        baseUrl: urls.baseUrl,
        site,
      };
    const blocks = new PageConverter(ctx, models.catalog, site).blocks(page.twin);
    return { kind: 'blocks', blocks, links: ctx.links };
  }
  const page = models.apiPage(source.route);
  if (!page) throw new Error(`the reference has no page at ${source.route}`);
  const blocks = page.model.kind === 'changelog' ? changelogBlocks(page.model, ctx) : referenceBlocks(page.model, ctx);
  return { kind: 'blocks', blocks, links: ctx.links };
}

/**
 * The header of a twin: the page's title as the one level-1 heading, the address of its page (in
 * llms-full.txt, where many pages follow one another), and its description quoted. Titles and
 * descriptions are made one line: nothing in them can start a block of its own.
 */
export function twinHeader(source: TwinSource, urls: TwinUrls, withSource: boolean): string {
  const blocks: Flow[] = [heading(1, text(singleLine(source.title)))];
  if (withSource) {
    const address = urls.page(source.route);
    blocks.push(paragraph(text('Source: '), ...link(address, [text(address)])));
  }
  const description = singleLine(source.description ?? '');
  if (description !== '') blocks.push({ type: 'blockquote', children: [paragraph(text(description))] });
  return printMarkdown(blocks);
}

/** A whole twin: its header, then its body. */
export function twinText(header: string, body: string): string {
  return body === '' ? header : `${header}\n${body}`;
}
