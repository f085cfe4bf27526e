import { SEARCH_FOLDER, SEARCH_SCRIPT, SERVICE_FILTER } from '../../search/paths.js';
import { PAGEFIND_OPTIONS, type EngineData } from '../../search/rank/engine.js';
import { NO_SYMBOLS, readSymbols, SYMBOLS_FILE, type SearchSymbols } from '../../search/rank/symbols.js';

/** What the search reads of a Pagefind result. */
export type PagefindData = EngineData;

/** The part of Pagefind's script the search uses. */
export interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(
    term: string,
    options?: { filters?: Record<string, string> },
  ): Promise<{ results: Array<{ id: string; score: number; data: () => Promise<PagefindData> }> } | null>;
  filters(): Promise<Record<string, Record<string, number> | undefined>>;
  destroy?: () => Promise<void>;
}

export interface LoadedSearch {
  pagefind: Pagefind;
  /** Services with API results, for the filter. */
  services: string[];
  /** What a query can name exactly; none when the file could not be read (the full-text search still answers). */
  symbols: SearchSymbols;
}

let loading: Promise<LoadedSearch> | undefined;
let attempts = 0;

/**
 * Pagefind's script and its index, loaded when the dialog first opens (never with the page), once
 * per page load. A failure is not kept: the next call (Retry) asks for the script afresh, under a
 * new URL, since a browser keeps a module that failed as failed.
 */
export function loadSearch(baseUrl: string): Promise<LoadedSearch> {
  loading ??= load(baseUrl).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(baseUrl: string): Promise<LoadedSearch> {
  const folder = `${baseUrl}${SEARCH_FOLDER}`;
  attempts++;
  const url = `${folder}${SEARCH_SCRIPT}${attempts === 1 ? '' : `?attempt=${attempts}`}`;
  let pagefind: Pagefind;
  try {
    pagefind = (await import(/* webpackIgnore: true */ url)) as Pagefind;
  } catch (cause) {
    throw new Error('the search script could not be loaded', { cause });
  }
  try {
    // The index's URLs already carry the site's base URL. Searching in the page rather than in
    // Pagefind's worker saves fetching the worker's script (about 43 KB) before the first results;
    // a query takes a few milliseconds of WebAssembly either way.
    const symbols = loadSymbols(`${folder}${SYMBOLS_FILE}`);
    await pagefind.options({ ...PAGEFIND_OPTIONS, basePath: folder, baseUrl: '/', noWorker: true });
    await pagefind.init();
    // The filters come from the index itself: a failed fetch of the index shows here.
    const filters = await pagefind.filters();
    return { pagefind, services: Object.keys(filters[SERVICE_FILTER] ?? {}).sort(), symbols: await symbols };
  } catch (cause) {
    await pagefind.destroy?.().catch(() => undefined);
    throw new Error('the search index could not be loaded', { cause });
  }
}

/** The symbols file, fetched beside the index; without it, queries are answered by the full-text index alone. */
async function loadSymbols(url: string): Promise<SearchSymbols> {
  try {
    const response = await fetch(url);
    return response.ok ? await readSymbols(new Uint8Array(await response.arrayBuffer())) : NO_SYMBOLS;
  } catch {
    return NO_SYMBOLS;
  }
}
