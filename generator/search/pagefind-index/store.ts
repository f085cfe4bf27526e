import { sha256, type BuildCache } from '../../cache/store.js';
import { stepKey } from '../../cache/step-key.js';
import { readIndex, type BundleFile, type WrittenChunks } from './read.js';
import type { IndexCommon, IndexedUnit, IndexStore } from './unit.js';
import { splicedIndex } from './splice.js';
import { writeIndex } from './write.js';

export type { IndexStore } from './unit.js';

/** One page or record of the index as Pagefind is given it. */
export type IndexItem =
  | { kind: 'page'; url: string; content: string }
  | { kind: 'record'; url: string; content: string; meta: Record<string, string>; filters: Record<string, string[]> };

/** What makes a page's part of the index: everything Pagefind is sent for it. */
export function itemKey(item: IndexItem): string {
  return item.kind === 'page'
    ? sha256('page', item.url, item.content)
    : sha256('record', item.url, item.content, JSON.stringify(item.meta), JSON.stringify(item.filters));
}

/** The cache key of a site's stored index: one per language and base URL, replaced by each build. */
export function storeKey(cache: BuildCache, language: string, baseUrl: string): string {
  return stepKey(cache, 'search-units', { language, baseUrl });
}

/** The stored pages by key, or none when the stored index cannot be read (it is then built whole). */
export function storedUnits(
  store: IndexStore,
  language: string,
): { units: Map<string, IndexedUnit | undefined>; common: IndexCommon; chunks: WrittenChunks } | undefined {
  try {
    const files: BundleFile[] = store.files.map(([path, content]) => ({ path, content }));
    const { units, common, chunks } = readIndex(files, language);
    if (!common) return undefined;
    const byUrl = new Map(units.map((unit) => [unit.url, unit]));
    // A page Pagefind found nothing to index in has a key but no unit: it is found empty again.
    return { units: new Map(store.items.map(([key, url]) => [key, byUrl.get(url)])), common, chunks };
  } catch {
    return undefined;
  }
}

/** The pages of a stored index by key, and what the index's files are made of besides (`storedUnits`). */
export type StoredIndex = NonNullable<ReturnType<typeof storedUnits>>;

/**
 * The last index built for a site: the keys of its pages at once, and its pages read back only
 * when asked. Reading them back is most of the work of an edit's index; a build whose index is in
 * the cache as it is (every page the same) never needs them.
 */
export class KeptIndex {
  readonly keys: ReadonlySet<string>;
  /** Null once found unreadable. */
  private read: StoredIndex | null | undefined;

  constructor(
    private readonly store: IndexStore,
    private readonly language: string,
  ) {
    this.keys = new Set(store.items.map(([key]) => key));
  }

  /**
   * The index of `items` (key and URL, in order): each page kept from this index where its key is the
   * same, the others from `analysed` (Pagefind's index of them). Most edits keep every page in its
   * place, and only the words of the pages that changed are written anew (`splicedIndex`); otherwise
   * every page is read back and the index written whole. None when this index cannot be read back.
   */
  merged(items: Array<[key: string, url: string]>, analysed: BundleFile[]): BundleFile[] | undefined {
    let spliced: Map<string, Uint8Array> | undefined;
    try {
      spliced = splicedIndex(this.store, items, analysed, this.language);
    } catch {
      // The whole merge reads everything again, and says what is wrong.
    }
    if (spliced) return [...spliced].map(([path, content]) => ({ path, content }));
    const stored = this.units();
    if (!stored) return undefined;
    const now = analysed.length > 0 ? readIndex(analysed, this.language) : undefined;
    const byUrl = new Map((now?.units ?? []).map((unit) => [unit.url, unit]));
    const units = items.flatMap(([key, url]): IndexedUnit[] => {
      const unit = stored.units.has(key) ? stored.units.get(key) : byUrl.get(url);
      return unit ? [unit] : [];
    });
    const common: IndexCommon = now?.common ?? stored.common;
    return [...writeIndex(units, common, this.language, stored.chunks)].map(([path, content]) => ({ path, content }));
  }

  /** Its pages by key, or none when it cannot be read. */
  private units(): StoredIndex | undefined {
    this.read ??= storedUnits(this.store, this.language) ?? null;
    return this.read ?? undefined;
  }
}
