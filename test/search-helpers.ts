import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The site the search tests build; see its site-config.yaml. */
export const SEARCH_FIXTURE = 'test/fixtures/search-site/site-config.yaml';

/** One entry of the index as Pagefind stores it: a page or a record, with its text and anchors. */
export interface Fragment {
  url: string;
  content: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
  anchors: Array<{ element: string; id: string; text: string }>;
}

/** Pagefind writes each fragment gzipped, after this signature. */
const SIGNATURE = 'pagefind_dcd';

/** Every fragment of the index in a built site folder, by URL. */
export async function indexedFragments(site: string): Promise<Map<string, Fragment>> {
  const folder = join(site, 'pagefind/fragment');
  const fragments = new Map<string, Fragment>();
  for (const name of await readdir(folder)) {
    const text = gunzipSync(await readFile(join(folder, name))).toString('utf8');
    if (!text.startsWith(SIGNATURE)) throw new Error(`${name} is not a Pagefind fragment`);
    const fragment = JSON.parse(text.slice(SIGNATURE.length)) as Fragment;
    fragments.set(fragment.url, fragment);
  }
  return fragments;
}

/** Every file under `dir`, by path relative to it, with its bytes. */
export async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files.set(path.slice(dir.length + 1), await readFile(path));
    }
  return files;
}
