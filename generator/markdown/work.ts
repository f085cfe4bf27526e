import type { RootContent } from 'mdast';
import { PageConverter } from './content/page.js';
import type { SiteText } from './content/tree.js';
import { TwinContext, type TwinLink } from './context.js';
import { footnotesForFull } from './footnotes.js';
import { printHeader, type TwinHeader } from './header.js';
import type { Flow } from './nodes.js';
import { printMarkdown } from './print.js';
import { TwinUrls } from './urls.js';

/** A page's twin, its part of llms-full.txt, and the links in them that the twins' check follows. */
export interface TwinBody {
  markdown: string;
  full: string;
  links: TwinLink[];
}

/**
 * The part of making a twin that either thread can do, from plain data: printing blocks made
 * already, or making and printing a content page that draws on no contract (from its syntax tree).
 */
export type TwinWork = { header: TwinHeader } & (
  | { kind: 'blocks'; blocks: RootContent[]; links: TwinLink[] }
  | {
      kind: 'content';
      twin: string;
      route: string;
      siteUrl: string;
      baseUrl: string;
      site: SiteText;
      /** Blocks made already that come before the page's text (a blog post's date, authors and tags), with their links. */
      lead?: { blocks: RootContent[]; links: TwinLink[] };
    }
);

export function doTwinWork(work: TwinWork): TwinBody {
  let blocks: Flow[];
  let links: TwinLink[];
  if (work.kind === 'blocks') ({ blocks, links } = work);
  else {
    const urls = new TwinUrls(work.siteUrl, work.baseUrl);
    const ctx = new TwinContext(urls, urls.page(work.route));
    blocks = [...(work.lead?.blocks ?? []), ...new PageConverter(ctx, new Map(), work.site).blocks(work.twin)];
    links = [...(work.lead?.links ?? []), ...ctx.links];
  }
  const body = printMarkdown(blocks);
  const fullBlocks = footnotesForFull(blocks, work.header.address);
  return {
    markdown: withHeader(printHeader(work.header, false), body),
    full: withHeader(printHeader(work.header, true), fullBlocks ? printMarkdown(fullBlocks) : body),
    links,
  };
}

/** A header and a body, each printed whole: flow content, joined as the printer joins flow content. */
function withHeader(header: string, body: string): string {
  return body === '' ? header : `${header}\n${body}`;
}
