import { heading, link, text, type Flow, type Phrasing } from './nodes.js';
import type { TwinUrls } from './urls.js';

/** Where in its source a link of a twin was written: a page's line and column. */
export interface SourcePoint {
  line: number;
  column: number;
}

/** A link a twin makes, which the twins' link check follows: absolute, and where its page wrote it when it did. */
export interface TwinLink {
  url: string;
  at: SourcePoint | undefined;
}

/**
 * What making one page's twin needs: the URLs, the page's own address (what relative links are
 * resolved against) and the links made so far, for the check. Links an author wrote in Markdown are
 * not kept: the content checks have checked them already, at the same place.
 */
export class TwinContext {
  readonly links: TwinLink[] = [];

  constructor(
    readonly urls: TwinUrls,
    /** The page's absolute URL. */
    readonly page: string,
  ) {}

  /** A link the twin makes: resolved against the page under the URL policy (its text alone if refused), and kept for the check. */
  link(href: string | undefined, children: Phrasing[], at?: SourcePoint): Phrasing[] {
    const url = href === undefined ? undefined : this.urls.resolve(href, this.page);
    return this.kept(url, children, at);
  }

  /** A link to a URL already resolved (`TwinUrls.component`), kept for the check. */
  kept(url: string | undefined, children: Phrasing[], at?: SourcePoint): Phrasing[] {
    if (url !== undefined) this.links.push({ url, at });
    return link(url, children);
  }

  /** The nodes with every link and image URL resolved and headings at `floor` or below (copies: the blocks of a description are shared). */
  absolute(nodes: readonly Flow[], floor: number): Flow[] {
    return nodes.flatMap((node): Flow[] => {
      if (node.type === 'link') return this.link(node.url, this.absolute(node.children, floor) as Phrasing[]);
      if (node.type === 'heading')
        return [heading(Math.max(node.depth, floor), ...(this.absolute(node.children, floor) as Phrasing[]))];
      if (node.type === 'image') {
        const url = this.urls.resolve(node.url, this.page);
        if (url === undefined) return node.alt ? [text(node.alt)] : [];
        this.links.push({ url, at: undefined });
        return [{ ...node, url }];
      }
      if ('children' in node) return [{ ...node, children: this.absolute(node.children as Flow[], floor) } as Flow];
      return [node];
    });
  }
}
