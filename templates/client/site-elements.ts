import { PAGE_DATA_ID, ROOT_ID } from '../site-ids.js';

/**
 * The site's own elements, found where the generator puts them, as children of `<body>`, and not by
 * id alone: `getElementById` answers with the first element of that id, which could be one of a
 * page's own. A page's content sits inside the root, never beside it.
 */
export function siteRoot(doc: Document): HTMLElement | null {
  return doc.body?.querySelector<HTMLElement>(`:scope > div#${ROOT_ID}`) ?? null;
}

/** The JSON of the page's data (`Document`), which names the site model the client loads. */
export function pageDataScript(doc: Document): HTMLScriptElement | null {
  return doc.body?.querySelector<HTMLScriptElement>(`:scope > script#${PAGE_DATA_ID}[type="application/json"]`) ?? null;
}
