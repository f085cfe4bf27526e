import { CborReader, decodeCbor } from './cbor.js';
import { byCodePoint, pagefindHash, sortedByCodePoint } from './hash.js';
import { fragmentUnit, indexHead, readIndex, unzipped, type BundleFile, type WrittenChunks } from './read.js';
import type { IndexedUnit, IndexStore } from './unit.js';
import {
  chunkWords,
  encodeWord,
  indexFiles,
  postingOf,
  SHORT_FRAGMENT_HASH,
  type IndexParts,
  type IndexWord,
  type Posting,
} from './write.js';

/** A word of the last index as it was written: its entry's bytes and size, or the entry rebuilt. */
type Entry = { bytes: Uint8Array; size: number } | IndexWord;

/**
 * The index after an edit, written from the last one (`store`) without reading all of it back: the
 * same pages in the same order, some of them analysed again (`analysed`, Pagefind's index of the
 * pages and records whose keys changed). Every other page keeps its number, its fragment and its
 * filters, so only the words the changed pages had or have now are written anew; every other
 * word's entry is copied as it was. The bytes are those `writeIndex` writes from every page.
 *
 * None when the edit is not that simple: pages added, removed or moved, a changed page with
 * nothing to index before or after, other meta fields or filters, a fragment name that another
 * page's hash would lengthen. The index is then written whole from every page.
 */
export function splicedIndex(
  store: IndexStore,
  items: ReadonlyArray<[key: string, url: string]>,
  analysed: readonly BundleFile[],
  language: string,
): Map<string, Uint8Array> | undefined {
  if (items.length !== store.items.length) return undefined;
  const changed: number[] = [];
  for (const [page, [key, url]] of items.entries()) {
    const [keptKey, keptUrl] = store.items[page] as [string, string];
    if (url !== keptUrl) return undefined;
    if (key !== keptKey) changed.push(page);
  }
  const byPath = new Map(store.files);
  const head = indexHead(byPath, language);
  // Every item a page of the index: page numbers are item numbers.
  if (!head || head.pages.length !== items.length) return undefined;
  const shortName = language.length + 1 + SHORT_FRAGMENT_HASH;
  const analysedNow = analysed.length > 0 ? readIndex(analysed, language) : undefined;
  const now = analysedNow?.units ?? [];
  const fresh = new Map(now.map((unit) => [unit.url, unit]));
  const pages: Array<IndexParts['pages'][number]> = head.pages.map(([name, wordCount, pageExtra]) => ({
    name,
    wordCount,
    pageExtra,
    fragment: byPath.get(`fragment/${name}.pf_fragment`) as Uint8Array,
  }));
  if (now.length !== changed.length || pages.some((page) => page.name.length !== shortName || !page.fragment))
    return undefined;
  const names = new Set(pages.map((page) => page.name));
  const units = new Map<number, IndexedUnit>();
  for (const page of changed) {
    const unit = fresh.get(items[page]?.[1] as string);
    const before = pages[page] as IndexParts['pages'][number];
    if (!unit) return undefined;
    const kept = fragmentUnit(byPath, before.name, 0, 0, language);
    if (!sameFacets(kept, unit)) return undefined;
    const name = `${language}_${unit.hash}`.slice(0, shortName);
    names.delete(before.name);
    if (names.has(name)) return undefined;
    names.add(name);
    units.set(page, unit);
    pages[page] = { name, wordCount: unit.wordCount, pageExtra: unit.pageExtra, fragment: unit.fragment };
  }
  const { entries, written } = keptWords(byPath, head.chunks, new Set(changed));
  addWords(entries, units, head.fields);
  const chunks = chunkWords(sortedByCodePoint([...entries.keys()]), (body, word) => {
    const entry = entries.get(word) as Entry;
    if (!('bytes' in entry)) return encodeWord(body, word, entry);
    body.raw(entry.bytes);
    return entry.size;
  });
  const filters = head.filters.map(([, name]) => decodeCbor(unzipped(byPath, `filter/${name}.pf_filter`)));
  return indexFiles(
    { pages, chunks, filters: filters as IndexParts['filters'], fields: head.fields },
    // What every index holds as Pagefind writes it now, as when the index is written whole.
    analysedNow?.common ?? head.common,
    language,
    written,
  );
}

/** Whether a page analysed again has the meta fields and filters it had: its postings and the filters are then numbered alike. */
function sameFacets(kept: IndexedUnit, now: IndexedUnit): boolean {
  return JSON.stringify([kept.metaFields, kept.filters]) === JSON.stringify([now.metaFields, now.filters]);
}

/**
 * The words of the last index by word: each entry as its bytes where no changed page has the word,
 * and otherwise rebuilt without the changed pages' postings (dropped when nothing is left); and the
 * chunks as they were compressed, to be kept where a chunk comes out the same.
 */
function keptWords(
  byPath: ReadonlyMap<string, Uint8Array>,
  chunks: ReadonlyArray<[string, string, string]>,
  changed: ReadonlySet<number>,
): { entries: Map<string, Entry>; written: WrittenChunks } {
  const entries = new Map<string, Entry>();
  const written: WrittenChunks = new Map();
  for (const [, , name] of chunks) {
    const path = `index/${name}.pf_index`;
    const bytes = unzipped(byPath, path);
    written.set(pagefindHash(bytes), { bytes, file: byPath.get(path) as Uint8Array });
    const reader = new CborReader(bytes);
    if (reader.array() !== 1) throw new Error('a word chunk is not laid out as expected');
    for (let count = reader.array(); count > 0; count--) {
      const start = reader.at;
      if (reader.array() !== 3) throw new Error('a word entry is not laid out as expected');
      const word = reader.text();
      let touched = false;
      let size = 0;
      const postings = () => {
        let page = 0;
        for (let n = reader.array(); n > 0; n--) {
          if (reader.array() !== 3) throw new Error('a posting is not laid out as expected');
          page += reader.uint();
          if (changed.has(page)) touched = true;
          const locations = reader.array();
          reader.skipInts(locations);
          const metaLocations = reader.array();
          reader.skipInts(metaLocations);
          size += locations + metaLocations + 1;
        }
      };
      postings();
      const spellings = reader.array();
      for (let n = spellings; n > 0; n--) {
        if (reader.array() !== 2) throw new Error('a spelling is not laid out as expected');
        reader.text();
        postings();
      }
      const entry = bytes.subarray(start, reader.at);
      if (!touched) {
        entries.set(word, { bytes: entry, size: size + spellings });
        continue;
      }
      const rebuilt = withoutPages(decodeCbor(entry) as WordValue, changed);
      if (rebuilt) entries.set(word, rebuilt);
    }
  }
  return { entries, written };
}

type PostingValue = [delta: number, locations: number[], metaLocations: number[]];
type WordValue = [word: string, own: PostingValue[], variants: Array<[spelling: string, list: PostingValue[]]>];

/** A word's entry without the postings of `pages`, its page numbers made whole; none when nothing is left. */
function withoutPages([, own, variants]: WordValue, pages: ReadonlySet<number>): IndexWord | undefined {
  const kept = (list: PostingValue[]): Posting[] => {
    let page = 0;
    return list.flatMap(([delta, locations, metaLocations]): Posting[] => {
      page += delta;
      return pages.has(page) ? [] : [[page, locations, metaLocations]];
    });
  };
  const entry: IndexWord = { own: kept(own), variants: new Map() };
  for (const [spelling, list] of variants) {
    const left = kept(list);
    if (left.length > 0) entry.variants?.set(spelling, left);
  }
  return entry.own.length > 0 || (entry.variants?.size ?? 0) > 0 ? entry : undefined;
}

/**
 * The changed pages' words added to `entries`, each posting in page order, and each word's other
 * spellings in the order `writeIndex` gives them: by the first page that has them, a page's own in
 * code point order.
 */
function addWords(
  entries: Map<string, Entry>,
  units: ReadonlyMap<number, IndexedUnit>,
  fields: readonly string[],
): void {
  const wordOf = (word: string): IndexWord => {
    let entry = entries.get(word);
    if (!entry || 'bytes' in entry) {
      // Not rebuilt: no changed page had the word before, so it is only added to.
      entry = entry ? withoutPages(decodeCbor(entry.bytes) as WordValue, new Set()) : undefined;
      entry ??= { own: [], variants: new Map() };
      entries.set(word, entry);
    }
    return entry;
  };
  for (const [page, unit] of units) {
    const posting = postingOf(unit, page, fields);
    for (const [word, own, variants] of unit.words) {
      const entry = wordOf(word);
      if (own) inPageOrder(entry.own, posting(own));
      for (const [spelling, found] of variants) {
        entry.variants ??= new Map();
        const list = entry.variants.get(spelling);
        if (list) inPageOrder(list, posting(found));
        else entry.variants.set(spelling, [posting(found)]);
      }
    }
  }
  // Every entry rebuilt: a changed page may have been the first to bring a spelling, or be now.
  for (const entry of entries.values()) {
    if ('bytes' in entry || !entry.variants || entry.variants.size < 2) continue;
    const first = (list: Posting[]) => (list[0] as Posting)[0];
    entry.variants = new Map([...entry.variants].sort(([a, x], [b, y]) => first(x) - first(y) || byCodePoint(a, b)));
  }
}

/** Adds `posting` to `list` (in page order) where its page belongs. */
function inPageOrder(list: Posting[], posting: Posting): void {
  let at = list.length;
  while (at > 0 && (list[at - 1] as Posting)[0] > posting[0]) at--;
  list.splice(at, 0, posting);
}
