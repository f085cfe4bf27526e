import type { ResolvedConfig } from '../config/resolve.js';
import type { ContentResult } from '../content/index.js';
import type { ApiPageSummary } from '../render/api/lazy-reference.js';
import type { BlogPageKind } from '../render/blog/pages.js';

/** A page's kind as the build report names it. */
export type PageKindId = 'doc' | 'page' | 'api' | 'api-part' | 'api-redirect' | 'not-found' | BlogPageKind;

/** The content a kind's pages are drawn from. */
export type KindContent = Pick<ContentResult, 'docs' | 'pages'> & Partial<Pick<ContentResult, 'posts' | 'blog'>>;

/** What every stage gives a kind to find its pages in. */
export interface KindSite {
  config: ResolvedConfig;
  content: KindContent & Pick<ContentResult, 'sidebar'>;
  apiPages: readonly ApiPageSummary[];
}
