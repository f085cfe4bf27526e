import type { CborValue } from './cbor.js';

/**
 * One page or record of the search index as Pagefind analysed it: what it brings to the index,
 * which does not depend on the pages beside it. The index is these, numbered in order.
 */
export interface IndexedUnit {
  url: string;
  /** Pagefind's fragment file of the page (compressed as Pagefind writes it), and its content's hash. */
  fragment: Uint8Array;
  hash: string;
  wordCount: number;
  /** What Pagefind keeps of the page beside its hash and word count in the index's metadata. */
  pageExtra: CborValue;
  /** The page's meta fields, sorted: `metaLocations` number them from 1 (`-1` is the first). */
  metaFields: string[];
  /**
   * Each word (stemmed, its diacritics gone) in Pagefind's word order: where the page has it as such,
   * and where it has it in another spelling (`café` for `cafe`), the spellings in code point order.
   */
  words: Array<[word: string, own: PagePosting | null, variants: Array<[spelling: string, posting: PagePosting]>]>;
  /** Filter values of the page, by filter. */
  filters: Array<[filter: string, values: string[]]>;
}

/** Where a page has a word: its locations in the text, and in its meta fields (`-n` starts field n's). */
export type PagePosting = [locations: number[], metaLocations: number[]];

/** What every index holds the same way whatever its pages: Pagefind's version, script, entry file and WebAssembly. */
export interface IndexCommon {
  version: string;
  /** The entry file as Pagefind wrote it (its language's hash and page count are set per index). */
  entry: Record<string, unknown>;
  /** `pagefind.js` and the language's `wasm.*.pagefind`, by path inside the bundle folder. */
  assets: Array<[path: string, content: Uint8Array]>;
}

/**
 * The last index built for a site, kept in the build cache: its files, and the key of each page and
 * record it was made of. The next build takes from it every page whose key it finds (what Pagefind
 * made of that page then is what it would make of it now) and sends Pagefind only the others.
 */
export interface IndexStore {
  /** Each page and record of the index: its key and URL. */
  items: Array<[key: string, url: string]>;
  files: Array<[path: string, content: Uint8Array]>;
}
