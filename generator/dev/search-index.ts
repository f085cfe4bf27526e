import type { ContentResult } from '../content/index.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SiteParts } from '../pipeline.js';
import { SiteSearch } from '../search/index.js';
import { SEARCH_FOLDER } from '../../templates/search/paths.js';

export type Reindexed =
  { ok: true; files: Map<string, Uint8Array>; removed: string[] } | { ok: false; diagnostics: Diagnostic[] };

/**
 * The search index again after an edit to some pages, from every page's HTML as the dev build holds
 * it (`site` is the whole output, `site/…` paths, and is updated in place). Returns the index's new
 * files (site paths without `site/`) and the old ones that are gone: chunks are named by content.
 */
export async function reindexSite(
  parts: SiteParts,
  content: ContentResult,
  site: Map<string, string | Uint8Array>,
): Promise<Reindexed> {
  const search = new SiteSearch(parts.config, content, parts.cache);
  search.takeAll(site, 'site/');
  const index = await search.finish(parts.reference);
  if (!index.ok) return index;
  const folder = `site/${SEARCH_FOLDER}`;
  const removed: string[] = [];
  for (const path of [...site.keys()])
    if (path.startsWith(folder) && !index.files.has(path)) {
      site.delete(path);
      removed.push(path.slice('site/'.length));
    }
  const files = new Map<string, Uint8Array>();
  for (const [path, bytes] of index.files) {
    site.set(path, bytes);
    files.set(path.slice('site/'.length), bytes);
  }
  return { ok: true, files, removed };
}
