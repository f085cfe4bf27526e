import type { RootContent } from 'mdast';
import { PageConverter } from './content/page.js';
import type { SiteText } from './content/tree.js';
import { TwinContext, type TwinLink } from './context.js';
import { printMarkdown } from './print.js';
import { TwinUrls } from './urls.js';

/** A page's twin without its header, and the links in it that the twins' check follows. */
export interface TwinBody {
  markdown: string;
  links: TwinLink[];
}

/**
 * The part of making a twin that either thread can do, from plain data: printing blocks made
 * already, or making and printing a content page that draws on no contract (from its syntax tree).
 */
export type TwinWork =
  | { kind: 'blocks'; blocks: RootContent[]; links: TwinLink[] }
  | { kind: 'content'; twin: string; route: string; siteUrl: string; baseUrl: string; site: SiteText };

export function doTwinWork(work: TwinWork): TwinBody {
  if (work.kind === 'blocks') return { markdown: printMarkdown(work.blocks), links: work.links };
  const urls = new TwinUrls(work.siteUrl, work.baseUrl);
  const ctx = new TwinContext(urls, urls.page(work.route));
  const blocks = new PageConverter(ctx, new Map(), work.site).blocks(work.twin);
  return { markdown: printMarkdown(blocks), links: ctx.links };
}
