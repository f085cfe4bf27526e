/** The folder of the site (under its base URL) that holds the search index and Pagefind's script. */
export const SEARCH_FOLDER = 'pagefind/';

/** Pagefind's script in `SEARCH_FOLDER`, which the search dialog imports when it first opens. */
export const SEARCH_SCRIPT = 'pagefind.js';

/** The filter that tells docs from the API reference, and its values. */
export const KIND_FILTER = 'kind';
export const DOCS_KIND = 'Docs';
export const API_KIND = 'API reference';

/** The filter naming the service of an API result. */
export const SERVICE_FILTER = 'service';
