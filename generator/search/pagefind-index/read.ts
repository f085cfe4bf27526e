import { gunzipSync } from 'node:zlib';
import { decodeCbor as decode, type CborValue } from './cbor.js';
import { PagefindError } from '../pagefind.js';
import { byCodePoint, pagefindHash } from './hash.js';
import type { IndexCommon, IndexedUnit } from './unit.js';

/** What precedes every compressed file's content, once unzipped. */
export const SIGNATURE = 'pagefind_dcd';

/** One file of Pagefind's output, by path inside the bundle folder. */
export interface BundleFile {
  path: string;
  content: Uint8Array;
}

/**
 * The pages of an index Pagefind wrote, each on its own (`IndexedUnit`), in the order Pagefind
 * numbered them, and what is common to every index. Whatever in the files is not as this code
 * knows Pagefind's format (another version's) is refused rather than guessed at.
 */
export function readIndex(
  files: readonly BundleFile[],
  language: string,
): { units: IndexedUnit[]; common: IndexCommon | undefined; chunks: WrittenChunks } {
  const byPath = new Map(files.map((file) => [file.path, file.content]));
  const head = indexHead(byPath, language);
  if (!head) return { units: [], common: undefined, chunks: new Map() };
  const { common, pages, chunks, fields } = head;
  const units = pages.map(([name, wordCount, pageExtra]) => fragmentUnit(byPath, name, wordCount, pageExtra, language));
  // Field numbers of the whole index, as each page numbers its own fields (none to change when they agree).
  const local = units.map((unit) => {
    const numbers = fields.map((field) => unit.metaFields.indexOf(field));
    return numbers.every((n, i) => n === i) ? undefined : numbers;
  });
  const written: WrittenChunks = new Map();
  for (const [, , name] of chunks) {
    const path = `index/${name}.pf_index`;
    const bytes = unzipped(byPath, path);
    written.set(pagefindHash(bytes), { bytes, file: byPath.get(path) as Uint8Array });
    const [words] = decode(bytes) as [Array<[string, Postings, Array<[string, Postings]>]>];
    for (const [word, postings, variants] of words) {
      // Most words have no other spelling: each posting is then its page's whole entry.
      if (variants.length === 0) {
        let page = 0;
        for (const [delta, locations, metaLocations] of postings) {
          page += delta;
          const unit = units[page];
          if (!unit) throw unknownFormat(`the word ${JSON.stringify(word)} names a page it does not have`);
          unit.words.push([word, [locations, ownFields(metaLocations, local[page], word)], []]);
        }
        continue;
      }
      // This word's entry in each page that has it, as found.
      const entries = new Map<number, WordEntry>();
      const entry = (page: number): WordEntry => {
        let found = entries.get(page);
        if (!found) {
          const unit = units[page];
          if (!unit) throw unknownFormat(`the word ${JSON.stringify(word)} names a page it does not have`);
          found = [word, null, []];
          unit.words.push(found);
          entries.set(page, found);
        }
        return found;
      };
      let page = 0;
      for (const [delta, locations, metaLocations] of postings) {
        page += delta;
        entry(page)[1] = [locations, ownFields(metaLocations, local[page], word)];
      }
      for (const [spelling, list] of variants) {
        page = 0;
        for (const [delta, locations, metaLocations] of list) {
          page += delta;
          entry(page)[2].push([spelling, [locations, ownFields(metaLocations, local[page], word)]]);
        }
      }
      // A page's spellings are in code point order (the index lists them in the order pages brought them).
      for (const found of entries.values()) if (found[2].length > 1) found[2].sort(([a], [b]) => byCodePoint(a, b));
    }
  }
  return { units, common, chunks: written };
}

/** What an index's entry file and metadata say: what every index holds, and its pages, chunks, filters and meta fields. */
export interface IndexHead {
  common: IndexCommon;
  pages: Array<[name: string, wordCount: number, pageExtra: CborValue]>;
  chunks: Array<[from: string, to: string, name: string]>;
  filters: Array<[filter: string, name: string]>;
  fields: string[];
}

/** The head of the index whose files are `byPath`, or none for an index of no pages. */
export function indexHead(byPath: ReadonlyMap<string, Uint8Array>, language: string): IndexHead | undefined {
  const entryFile = byPath.get('pagefind-entry.json');
  if (!entryFile) throw unknownFormat('it wrote no pagefind-entry.json');
  const entry = JSON.parse(Buffer.from(entryFile).toString('utf8')) as Record<string, unknown>;
  const languages = entry.languages as Record<string, { hash?: unknown; wasm?: unknown }> | undefined;
  // Pages with nothing to index (an empty page sent alone) make an index of no language at all.
  if (languages && Object.keys(languages).length === 0) return undefined;
  const own = languages?.[language];
  if (!own || typeof own.hash !== 'string' || Object.keys(languages ?? {}).length !== 1)
    throw unknownFormat(`its entry file has no index of the language ${language} alone`);
  const assets = [...byPath].filter(([path]) => path === 'pagefind.js' || path === `wasm.${String(own.wasm)}.pagefind`);
  const meta = decode(unzipped(byPath, `pagefind.${own.hash}.pf_meta`)) as unknown[];
  const [version, pages, chunks, filters, sorts, metaFields] = meta;
  if (
    meta.length !== 6 ||
    typeof version !== 'string' ||
    !Array.isArray(pages) ||
    !Array.isArray(chunks) ||
    !Array.isArray(filters) ||
    !Array.isArray(sorts) ||
    sorts.length > 0 ||
    !Array.isArray(metaFields)
  )
    throw unknownFormat('its metadata is not laid out as expected');
  return {
    common: { version, entry, assets },
    pages: pages as IndexHead['pages'],
    chunks: chunks as IndexHead['chunks'],
    filters: filters as IndexHead['filters'],
    fields: metaFields as string[],
  };
}

/**
 * The word chunks of an index, compressed as they were written, by the hash of their content: a
 * chunk written again with the same content (most of them, after a small edit) is not compressed again.
 */
export type WrittenChunks = Map<string, { bytes: Uint8Array; file: Uint8Array }>;

type Postings = Array<[delta: number, locations: number[], metaLocations: number[]]>;
type WordEntry = IndexedUnit['words'][number];

/** Meta locations with fields numbered as the page numbers its own (`local`: the page's number of each index field). */
function ownFields(metaLocations: number[], local: number[] | undefined, word: string): number[] {
  if (!local || metaLocations.length === 0) return metaLocations;
  return metaLocations.map((n) => {
    if (n >= 0) return n;
    const field = local[-n - 1] ?? -1;
    if (field < 0) throw unknownFormat(`the word ${JSON.stringify(word)} is found in a field its page does not have`);
    return -(field + 1);
  });
}

/** A page's unit from its fragment: its URL, meta fields and filters; its words are added after. */
export function fragmentUnit(
  byPath: ReadonlyMap<string, Uint8Array>,
  name: string,
  wordCount: number,
  pageExtra: CborValue,
  language: string,
): IndexedUnit {
  const path = `fragment/${name}.pf_fragment`;
  const fragment = byPath.get(path);
  if (!fragment) throw unknownFormat(`it wrote no ${path}`);
  const json = unzipped(byPath, path);
  const hash = pagefindHash(json);
  if (!`${language}_${hash}`.startsWith(name)) throw unknownFormat(`${path} is not named for its content`);
  const data = JSON.parse(Buffer.from(json).toString('utf8')) as {
    url?: unknown;
    meta?: Record<string, unknown>;
    filters?: Record<string, unknown>;
  };
  if (typeof data.url !== 'string') throw unknownFormat(`${path} has no URL`);
  return {
    url: data.url,
    fragment,
    hash,
    wordCount,
    pageExtra,
    metaFields: Object.keys(data.meta ?? {}).sort(byCodePoint),
    words: [],
    filters: Object.entries(data.filters ?? {}).map(([filter, values]): [string, string[]] => [
      filter,
      Array.isArray(values) ? values.map(String) : [],
    ]),
  };
}

/** A compressed file's content after its signature. */
export function unzipped(byPath: ReadonlyMap<string, Uint8Array>, path: string): Uint8Array {
  const content = byPath.get(path);
  if (!content) throw unknownFormat(`it wrote no ${path}`);
  const bytes = gunzipSync(content);
  if (bytes.subarray(0, SIGNATURE.length).toString('latin1') !== SIGNATURE)
    throw unknownFormat(`${path} does not begin as its files do`);
  return bytes.subarray(SIGNATURE.length);
}

function unknownFormat(what: string): PagefindError {
  return new PagefindError(`Pagefind's index is not in the format this version of specsite reads: ${what}`);
}
