import type { RuleDescriptor } from '../diagnostics/severity.js';

export const SEARCH_INDEX_RULE = 'search-index';

export const searchIndex: RuleDescriptor = {
  id: SEARCH_INDEX_RULE,
  severity: 'error',
  configurable: false,
  doc: "the site's search index can be built: Pagefind (installed with specsite, as the npm package's platform binary) runs and takes every page; a page it cannot read is named",
};
