import { BASE_URL_ISSUE_ID } from './hooks/head-settings.js';

/** The element the client hydrates: a child of `<body>`, around everything a page shows. */
export const ROOT_ID = '__site';
/** The page's data (route, site model path): a `<script type="application/json">` child of `<body>`. */
export const PAGE_DATA_ID = '__site-data';
/** The `<main>` of every layout, the skip link's target. */
export const MAIN_ID = 'main-content';
export const SEARCH_RESULTS_ID = 'search-results';
/** Each search result is `search-hit-<n>` or `search-hit-<n>-<m>`. */
export const SEARCH_HIT_PREFIX = 'search-hit-';

/**
 * Ids the site's own markup uses around a page's content: the client looks them up, a skip link or
 * an `aria-controls` names them. Content may not set one, and a heading's slug steps around them, so
 * an id from a page never shadows the site's element.
 */
export const RESERVED_IDS: readonly string[] = [
  ROOT_ID,
  PAGE_DATA_ID,
  BASE_URL_ISSUE_ID,
  MAIN_ID,
  SEARCH_RESULTS_ID,
  'navbar-primary-menu',
  'navbar-sidebar',
  'docs-sidebar',
  'mobile-docs-sidebar',
];

export function isReservedId(id: string): boolean {
  return RESERVED_IDS.includes(id) || id.startsWith(SEARCH_HIT_PREFIX);
}
