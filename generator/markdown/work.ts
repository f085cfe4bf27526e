import type { RootContent } from 'mdast';
import { PageConverter } from './content/page.js';
import type { SiteText } from './content/tree.js';
import { TwinContext, type TwinLink } from './context.js';
import { footnotesForFull } from './footnotes.js';
import { heading, link, paragraph, singleLine, text, type Flow } from './nodes.js';
import { printMarkdown } from './print.js';
import { TwinUrls } from './urls.js';

/** A page's twin, its part of llms-full.txt, and the links in them that the twins' check follows. */
export interface TwinBody {
  markdown: string;
  full: string;
  links: TwinLink[];
}

/** What a twin's header says: the page's title and description, and (in llms-full.txt) its address. */
export interface TwinHeader {
  title: string;
  description: string | undefined;
  address: string;
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
    markdown: withHeader(printMarkdown(headerBlocks(work.header, false), { once: true }), body),
    full: withHeader(
      printMarkdown(headerBlocks(work.header, true), { once: true }),
      fullBlocks ? printMarkdown(fullBlocks) : body,
    ),
    links,
  };
}

/**
 * The header of a twin: the page's title as the one level-1 heading, the address of its page (in
 * llms-full.txt, where many pages follow one another), and its description quoted. Titles and
 * descriptions are made one line: nothing in them can start a block of its own.
 */
function headerBlocks(header: TwinHeader, withAddress: boolean): Flow[] {
  const blocks: Flow[] = [heading(1, text(singleLine(header.title)))];
  if (withAddress) blocks.push(paragraph(text('Source: '), ...link(header.address, [text(header.address)])));
  const description = singleLine(header.description ?? '');
  if (description !== '') blocks.push({ type: 'blockquote', children: [paragraph(text(description))] });
  return blocks;
}

/** A header and a body, each printed whole: flow content, joined as the printer joins flow content. */
function withHeader(header: string, body: string): string {
  return body === '' ? header : `${header}\n${body}`;
}
