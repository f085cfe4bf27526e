/** One option of the search results: a page, a section of a page, or an operation or model of an API. */
export interface SearchHit {
  /** The option's element id (`aria-activedescendant`). */
  id: string;
  href: string;
  title: string;
  /** Where it is: a section's page, or an API result's service and kind. */
  context: string | undefined;
  /** Pagefind's excerpt: the text as written, with `<mark>` around the words that matched (never HTML). */
  excerpt: string;
  /** A section under the page before it. */
  section: boolean;
}

export type SearchStatus = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; message: string };

/** Which results to show: all, docs only or the API reference only (of one service, or all). */
export interface SearchScope {
  kind: 'all' | 'docs' | 'api';
  /** A service's name, or '' for every service. */
  service: string;
}

export const ALL_RESULTS: SearchScope = { kind: 'all', service: '' };
