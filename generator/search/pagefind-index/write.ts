import { gunzipSync, gzipSync } from 'node:zlib';
import { CborWriter, encodeCbor as encode } from './cbor.js';
import { byCodePoint, pagefindHash, sortedByCodePoint } from './hash.js';
import { SIGNATURE, type BundleFile, type WrittenChunks } from './read.js';
import type { IndexCommon, IndexedUnit, PagePosting } from './unit.js';

/** Pagefind closes a chunk of the word index once its words' postings reach this size. */
const CHUNK_SIZE = 20_000;
/** How many characters of a hash name a file (after `<language>_`), before a collision lengthens it. */
const SHORT_HASH = 7;
const META_HASH = 10;

/** A page's entry in a word's list: its number in the index, its locations and meta locations. */
export type Posting = [page: number, locations: number[], metaLocations: number[]];

/**
 * The index of `units`, numbered in the order given, as Pagefind itself writes it: the same
 * metadata, word chunks, filters and file names (the compression aside), so that its search script
 * reads it unchanged. Pages are analysed once each (`readIndex`), and an index of other pages is
 * written again from them without Pagefind: an edit re-analyses the pages it changed, not the site.
 */
export function writeIndex(
  units: readonly IndexedUnit[],
  common: IndexCommon,
  language: string,
  written: WrittenChunks = new Map(),
): Map<string, Uint8Array> {
  const fields = [...new Set(units.flatMap((unit) => unit.metaFields))].sort(byCodePoint);
  const names = fragmentNames(units, language);
  const pages = units.map((unit, page) => ({ ...unit, name: names[page] as string }));
  return indexFiles(
    { pages, chunks: wordChunks(units, fields), filters: filterIndexes(units), fields },
    common,
    language,
    written,
  );
}

/**
 * What an index is made of besides what every index holds: its pages in order (each with its
 * fragment's name, `fragmentNames`), word chunks, filters and meta fields.
 */
export interface IndexParts {
  pages: ReadonlyArray<Pick<IndexedUnit, 'fragment' | 'wordCount' | 'pageExtra'> & { name: string }>;
  chunks: WordChunk[];
  filters: Array<[filter: string, values: Array<[value: string, pages: number[]]>]>;
  fields: readonly string[];
}

/** The index's files, named and compressed as Pagefind does: see `writeIndex`. */
export function indexFiles(
  parts: IndexParts,
  common: IndexCommon,
  language: string,
  written: WrittenChunks = new Map(),
): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>(common.assets);
  const pages = parts.pages.map(({ name, fragment, wordCount, pageExtra }) => {
    files.set(`fragment/${name}.pf_fragment`, fragment);
    return [name, wordCount, pageExtra];
  });
  const chunks = parts.chunks.map(({ from, to, bytes }) => {
    const hash = pagefindHash(bytes);
    const name = uniqueName(language, hash, files, 'index/', '.pf_index');
    const before = written.get(hash);
    files.set(
      `index/${name}.pf_index`,
      before && Buffer.from(before.bytes).equals(bytes) ? before.file : compressed(bytes),
    );
    return { from, to, name };
  });
  const filters = parts.filters.map(([filter, values]) => {
    const bytes = encode([filter, values]);
    const name = uniqueName(language, pagefindHash(bytes), files, 'filter/', '.pf_filter');
    files.set(`filter/${name}.pf_filter`, compressed(bytes));
    return [filter, name];
  });
  const meta = encode([common.version, pages, chunkBounds(chunks), filters, [], [...parts.fields]]);
  const metaName = `${language}_${pagefindHash(meta).slice(0, META_HASH)}`;
  files.set(`pagefind.${metaName}.pf_meta`, compressed(meta));
  const languages = common.entry.languages as Record<string, Record<string, unknown>>;
  const entry = {
    ...common.entry,
    languages: { [language]: { ...languages[language], hash: metaName, page_count: pages.length } },
  };
  files.set('pagefind-entry.json', Buffer.from(JSON.stringify(entry)));
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** How many characters of a fragment's hash name it (after `<language>_`) unless another page's has the same. */
export const SHORT_FRAGMENT_HASH = SHORT_HASH;

/** Each page's fragment name: the short hash of its content, made longer while another page has it. */
export function fragmentNames(units: ReadonlyArray<Pick<IndexedUnit, 'hash' | 'url'>>, language: string): string[] {
  const taken = new Map<string, string>();
  return units.map((unit) => {
    const full = `${language}_${unit.hash}`;
    let length = language.length + 1 + SHORT_HASH;
    let name = full.slice(0, length);
    for (let other = taken.get(name); other !== undefined; other = taken.get(name)) {
      if (other === unit.hash) throw new Error(`two pages of the search index have the same content: ${unit.url}`);
      name = full.slice(0, ++length);
    }
    taken.set(name, unit.hash);
    return name;
  });
}

/** A chunk's or filter's name: the short hash of its content, two characters longer while taken. */
function uniqueName(
  language: string,
  hash: string,
  files: ReadonlyMap<string, unknown>,
  folder: string,
  ext: string,
): string {
  const full = `${language}_${hash}`;
  let name = full.slice(0, language.length + 1 + SHORT_HASH);
  while (files.has(`${folder}${name}${ext}`) && name.length < full.length) name = full.slice(0, name.length + 2);
  return name;
}

/** A word of the index: where pages have it as such, and in each other spelling (in the order pages bring them). */
export interface IndexWord {
  own: Posting[];
  /** None until a page brings one (most words have no other spelling). */
  variants: Map<string, Posting[]> | undefined;
}

/** A chunk of the word index: its first and last word and its content. */
export interface WordChunk {
  from: string;
  to: string;
  bytes: Uint8Array;
}

/** The words of every page in Pagefind's order, each with its pages (numbers as differences), cut into chunks. */
function wordChunks(units: readonly IndexedUnit[], fields: readonly string[]): WordChunk[] {
  const words = new Map<string, IndexWord>();
  units.forEach((unit, page) => {
    const posting = postingOf(unit, page, fields);
    for (const [word, own, variants] of unit.words) {
      let entry = words.get(word);
      if (!entry) words.set(word, (entry = { own: [], variants: undefined }));
      if (own) entry.own.push(posting(own));
      for (const [spelling, found] of variants) {
        entry.variants ??= new Map();
        const list = entry.variants.get(spelling);
        if (list) list.push(posting(found));
        else entry.variants.set(spelling, [posting(found)]);
      }
    }
  });
  return chunkWords(sortedByCodePoint([...words.keys()]), (body, word) =>
    encodeWord(body, word, words.get(word) as IndexWord),
  );
}

/** A page's postings as the index has them: numbered `page`, its meta fields numbered among the index's `fields`. */
export function postingOf(
  unit: Pick<IndexedUnit, 'metaFields'>,
  page: number,
  fields: readonly string[],
): (posting: PagePosting) => Posting {
  // A page numbers its meta fields among its own; the index, among all pages' fields.
  const global = unit.metaFields.map((field) => fields.indexOf(field));
  const same = global.every((n, i) => n === i);
  return ([locations, metaLocations]) => [
    page,
    locations,
    same || metaLocations.length === 0
      ? metaLocations
      : metaLocations.map((n) => (n < 0 ? -((global[-n - 1] as number) + 1) : n)),
  ];
}

/**
 * The word index in chunks: `write` writes each word's entry (in the order given, Pagefind's) and
 * says its size, by which Pagefind closes a chunk once its words' postings reach `CHUNK_SIZE`.
 */
export function chunkWords(words: readonly string[], write: (body: CborWriter, word: string) => number): WordChunk[] {
  const chunks: WordChunk[] = [];
  const body = new CborWriter();
  let first = '';
  let last = '';
  let count = 0;
  let size = 0;
  const close = () => {
    const head = new CborWriter();
    head.array(1);
    head.array(count);
    chunks.push({ from: first, to: last, bytes: Buffer.concat([head.take(), body.take()]) });
    count = 0;
    size = 0;
  };
  for (const word of words) {
    if (count === 0) first = word;
    last = word;
    count++;
    size += write(body, word);
    if (size >= CHUNK_SIZE) close();
  }
  if (count > 0) close();
  return chunks;
}

/** Writes a word's entry, and gives its size: each posting's locations and meta locations and one, and one for each other spelling. */
export function encodeWord(body: CborWriter, word: string, { own, variants }: IndexWord): number {
  let size = 0;
  // Each posting: its page as the difference from the one before, its locations and meta locations.
  const postings = (list: readonly Posting[]) => {
    body.array(list.length);
    let previous = 0;
    for (const [page, locations, metaLocations] of list) {
      body.array(3);
      body.int(page - previous);
      previous = page;
      body.array(locations.length);
      for (const n of locations) body.int(n);
      body.array(metaLocations.length);
      for (const n of metaLocations) body.int(n);
      size += locations.length + metaLocations.length + 1;
    }
  };
  body.array(3);
  body.text(word);
  postings(own);
  body.array(variants?.size ?? 0);
  for (const [spelling, list] of variants ?? []) {
    body.array(2);
    body.text(spelling);
    postings(list);
  }
  return size + (variants?.size ?? 0);
}

/** Each chunk's first and last word, cut to the shortest prefixes that still tell it from its neighbours. */
function chunkBounds(
  chunks: ReadonlyArray<{ from: string; to: string; name: string }>,
): Array<[string, string, string]> {
  const bounds = chunks.map(({ from, to, name }): [string, string, string] => [from, to, name]);
  for (let i = 0; i + 1 < bounds.length; i++) {
    const left = bounds[i] as [string, string, string];
    const right = bounds[i + 1] as [string, string, string];
    const a = Array.from(left[1]);
    const b = Array.from(right[0]);
    let common = 0;
    while (common < a.length && common < b.length && a[common] === b[common]) common++;
    left[1] = a.slice(0, common + 1).join('');
    right[0] = b.slice(0, common + 1).join('');
  }
  return bounds;
}

/** Each filter (sorted) with its values (sorted), each with the pages that have it. */
function filterIndexes(units: readonly IndexedUnit[]): Array<[string, Array<[string, number[]]>]> {
  const filters = new Map<string, Map<string, number[]>>();
  units.forEach((unit, page) => {
    for (const [filter, values] of unit.filters) {
      const byValue = filters.get(filter) ?? new Map<string, number[]>();
      filters.set(filter, byValue);
      for (const value of values) {
        const pages = byValue.get(value);
        if (pages) pages.push(page);
        else byValue.set(value, [page]);
      }
    }
  });
  return [...filters]
    .sort(([a], [b]) => byCodePoint(a, b))
    .map(([filter, byValue]) => [filter, [...byValue].sort(([a], [b]) => byCodePoint(a, b))]);
}

function compressed(bytes: Uint8Array): Uint8Array {
  return gzipSync(Buffer.concat([Buffer.from(SIGNATURE, 'latin1'), bytes]), { level: 6 });
}

/**
 * The files of an index Pagefind wrote whole, as `writeIndex` would write the same pages: the
 * metadata, word chunks and filters compressed here (Pagefind's compressor is not Node's), the entry
 * file serialised here; fragments and assets as they are. An index written whole and one written
 * from pages analysed at other times are then the same bytes.
 */
export function rewriteIndex(files: readonly BundleFile[]): BundleFile[] {
  return files.map(({ path, content }) => {
    if (/\.pf_(meta|index|filter)$/.test(path)) {
      const bytes = gunzipSync(content);
      return { path, content: compressed(bytes.subarray(SIGNATURE.length)) };
    }
    if (path === 'pagefind-entry.json')
      return { path, content: Buffer.from(JSON.stringify(JSON.parse(Buffer.from(content).toString('utf8')))) };
    return { path, content };
  });
}
