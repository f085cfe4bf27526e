import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { BuildCache } from '../cache/store.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { PAGE_KINDS, type KindContent } from '../page-kinds/index.js';
import type { LazyReference } from '../render/index.js';
import { displayPath } from '../sources/display-path.js';
import { apiIndex, type ApiIndex } from './api-records.js';
import { SEARCH_FOLDER } from '../../templates/search/paths.js';
import { SYMBOLS_FILE } from '../../templates/search/rank/symbols.js';
import { bundleFiles, pagefindLanguage } from './bundle.js';
import { mainOf, searchDocument, withoutCodeColours } from './page-body.js';
import { openPagefind, PageRejected, type PagefindSession } from './pagefind.js';
import type { BundleFile } from './pagefind-index/read.js';
import { itemKey, KeptIndex, storeKey, type IndexItem, type IndexStore } from './pagefind-index/store.js';
import { rewriteIndex } from './pagefind-index/write.js';
import { SEARCH_INDEX_RULE } from './rules.js';
import { stepKey } from '../cache/step-key.js';

/** How long closing waits for what Pagefind was given before stopping it. */
const SETTLE_MS = 2000;

/** What the build report says of the index. */
export interface SearchReport {
  /** Docs and standalone pages indexed, and the reference's operations and models. */
  pages: number;
  records: number;
  /** Pages and records Pagefind read this build: the others were kept from the last index as they were. */
  analysed: number;
  /** Files of `site/pagefind/` and their bytes. */
  files: number;
  bytes: number;
  /** Time from the end of rendering until the index was written (the rest overlaps rendering). */
  ms: number;
}

export type SearchResult =
  { ok: true; files: Map<string, Uint8Array>; report: SearchReport } | { ok: false; diagnostics: Diagnostic[] };

/** What the index took of a page, as the next build is told (`SiteSearch.known`). */
export interface KnownPage {
  /** The language, address and title it was taken with. */
  context: string;
  /** Its key (`itemKey`). */
  key: string;
}

/** A page taken: what Pagefind is sent of it (or how to make that), and its key. */
type TakenPage = { key: string } & (
  { content: string; read?: undefined } | { content?: undefined; read: () => Promise<string> }
);

/** A page the index holds: where its HTML is written, and what it is called. */
interface Searchable {
  file: string;
  title: string;
  display: string;
}

/**
 * The site's search index, built beside the rendering: each page's HTML is taken as it is emitted
 * (`tap`), and Pagefind, a process of its own, reads it meanwhile. Pagefind's index depends on the
 * order pages are added in, so they are added in the order they are rendered in (page kind by page
 * kind, each kind's pages in its own order), each as soon as the ones before it are in: route order
 * would hold every page back until the first route's, which may be rendered last. A page emitted
 * again with other HTML (the site rendered twice) starts a fresh index. Pagefind is started by the
 * first page rendered afresh: a build whose pages all come from the cache most likely finds the
 * index there too, and then never starts it.
 */
export class SiteSearch {
  private readonly order: Searchable[];
  /** Each page's place in `order`, by the path its HTML is written to. */
  private readonly places: ReadonlyMap<string, number>;
  /**
   * Each page taken: what Pagefind is sent for it, and its key (`itemKey`). A page the last build
   * left as it is (`takeKnown`) has only its key, and its HTML is read back if Pagefind must be sent it.
   */
  private readonly bodies = new Map<string, TakenPage>();
  /** Each reference's records as Pagefind is sent them, with their keys. */
  private readonly recordItems = new WeakMap<ApiIndex, Array<{ item: IndexItem; key: string }>>();
  private readonly language: string;
  /** Started by the first page rendered afresh, or by `finish` when the index is not in the cache. */
  private session: Promise<PagefindSession> | undefined;
  private adding: Array<Promise<void>> = [];
  /** Settled once the last page sent so far has been handed to Pagefind (see `send`). */
  private turn: Promise<void> = Promise.resolve();
  private sent = 0;
  private stale = false;
  /** Counts fresh indexes: what an earlier one's pages do after it was dropped is no concern of the new one. */
  private generation = 0;
  private failure: { error: unknown; page: Searchable | undefined } | undefined;
  /** The reference `expect` named, and its records once made. */
  private expected: { reference: LazyReference; records: ApiIndex | undefined } | undefined;
  /** The last index built for the site (from the cache); none on a first build. */
  private readonly stored: Promise<KeptIndex | undefined>;
  /** The last index turned out unreadable: the index is built whole, as on a first build. */
  private unreadable = false;
  /** What `build` made, to be kept for the next build once the index is out, and how much Pagefind read for it. */
  private nextStore: IndexStore | undefined;
  private analysed = 0;
  /** The index begun as soon as every page and the expected records were in, by its cache key. */
  private early: { key: string; files: Promise<{ files: Map<string, Uint8Array>; cached: boolean }> } | undefined;

  constructor(
    private readonly config: ResolvedConfig,
    content: KindContent,
    private readonly cache: BuildCache,
  ) {
    this.language = pagefindLanguage(config.i18n.defaultLocale);
    this.order = PAGE_KINDS.flatMap((kind) => kind.sources(content))
      .filter((page) => page.frontMatter.search)
      .map((page) => ({
        file: `site/${page.route.slice(1)}index.html`,
        title: page.frontMatter.title,
        display: page.display,
      }));
    this.places = new Map(this.order.map((page, at) => [page.file, at]));
    this.stored = cache
      .get<IndexStore>('search-units', storeKey(cache, this.language, config.baseUrl))
      .then((store) => (store ? new KeptIndex(store, this.language) : undefined))
      .catch(() => undefined);
  }

  /** The pages' writer, taking each searchable page's HTML on its way. */
  tap<T>(emit: (path: string, html: string | Uint8Array, fresh?: boolean) => Promise<T>) {
    return (path: string, html: string | Uint8Array, fresh?: boolean): Promise<T> => {
      this.take(path, html, fresh);
      return emit(path, html, fresh);
    };
  }

  /** Pages rendered into memory (no writer), by site path with `prefix` (`site/`, or none). */
  takeAll(files: ReadonlyMap<string, string | Uint8Array>, prefix: '' | 'site/' = ''): void {
    for (const page of this.order) {
      const html = files.get(prefix + page.file.slice('site/'.length));
      if (html !== undefined) this.take(page.file, html);
    }
  }

  /** One page's HTML; `fresh`: rendered now, not taken from the cache (Pagefind is started for it). */
  take(path: string, html: string | Uint8Array, fresh = false): void {
    if (fresh) this.session ??= this.open();
    const at = this.places.get(path);
    if (at === undefined) return;
    const page = this.order[at] as Searchable;
    const body = this.body(page, html);
    this.put(at, { content: body, key: itemKey({ kind: 'page', url: this.url(page), content: body }) });
  }

  /**
   * Whether a page the last build left can be taken as it was then (`takeKnown`): it is not in the
   * index, or `taken` says what the index took of it, with this build's language, address and title.
   */
  knows(path: string, taken: KnownPage | undefined): boolean {
    const at = this.places.get(path);
    return at === undefined || taken?.context === this.context(this.order[at] as Searchable);
  }

  /** A page the last build left as it is (see `knows`): its key, and its HTML read back only when Pagefind needs it. */
  takeKnown(path: string, taken: KnownPage | undefined, read: () => Promise<string>): void {
    const at = this.places.get(path);
    if (at === undefined || taken === undefined) return;
    const page = this.order[at] as Searchable;
    this.put(at, { key: taken.key, read: async () => this.body(page, await read()) });
  }

  /** What the index took of the page at `path`, for the next build's `knows`. */
  known(path: string): KnownPage | undefined {
    const at = this.places.get(path);
    const taken = this.bodies.get(path);
    return at === undefined || !taken
      ? undefined
      : { context: this.context(this.order[at] as Searchable), key: taken.key };
  }

  /** What Pagefind is sent of a page. */
  private body(page: Searchable, html: string | Uint8Array): string {
    const text = typeof html === 'string' ? html : Buffer.from(html).toString('utf8');
    return searchDocument(this.language, page.title, withoutCodeColours(mainOf(text)));
  }

  /** What a page's key is made from besides its HTML. */
  private context(page: Searchable): string {
    return JSON.stringify([this.language, this.url(page), page.title]);
  }

  private put(at: number, taken: TakenPage): void {
    const path = (this.order[at] as Searchable).file;
    const before = this.bodies.get(path);
    // The key covers the page's address and all Pagefind is sent of it.
    if (before !== undefined && before.key !== taken.key && at < this.sent) this.stale = true;
    if (before?.key !== taken.key) this.bodies.set(path, taken);
    if (!this.stale && this.session) this.sendReady();
  }

  /**
   * The reference the index will most likely hold (the one the site is being rendered with): its
   * records are made now, and the index is begun as soon as the last page is in, while the rest of
   * the site renders. `finish` takes it if nothing changed since, and builds it again otherwise.
   */
  expect(reference: LazyReference): void {
    const expected: NonNullable<typeof this.expected> = { reference, records: undefined };
    this.expected = expected;
    apiIndex(reference, this.config.baseUrl, this.cache).then(
      (records) => {
        expected.records = records;
        this.begin();
      },
      // `finish` makes them again, and reports what fails then.
      () => undefined,
    );
  }

  /** Whether the index was begun before `finish`, as soon as its pages and records were in. */
  get begunEarly(): boolean {
    return this.early !== undefined;
  }

  /** The index, with the API reference's records; the session is closed whatever happens. */
  async finish(reference: LazyReference): Promise<SearchResult> {
    const started = performance.now();
    try {
      // With no index kept from the last build, Pagefind has every page to read whatever the records
      // turn out to be: it starts on them while they are made.
      if (!this.early && !this.stale && !(await this.kept())) this.sendAll();
      const records =
        (this.expected?.reference === reference ? this.expected.records : undefined) ??
        (await apiIndex(reference, this.config.baseUrl, this.cache));
      const key = this.key(records);
      const early = this.early?.key === key ? this.early : undefined;
      // Begun with pages or records that have changed since: its session holds them, so a new one is needed.
      if (this.early && !early) this.stale = true;
      const { files, cached } = await (early?.files ?? this.made(key, records));
      if (!cached) await this.cache.set('search', key, [...files]);
      if (!cached && this.nextStore)
        await this.cache.set('search-units', storeKey(this.cache, this.language, this.config.baseUrl), this.nextStore);
      let bytes = 0;
      for (const content of files.values()) bytes += content.byteLength;
      const ms = Math.round((performance.now() - started) * 10) / 10;
      return {
        ok: true,
        files,
        report: {
          pages: this.bodies.size,
          records: records.records.length,
          analysed: cached ? 0 : this.analysed,
          files: files.size,
          bytes,
          ms,
        },
      };
    } catch (error) {
      return { ok: false, diagnostics: [this.diagnostic(error)] };
    } finally {
      await this.close();
    }
  }

  /** Stops the index (a build that failed, or one done with it): what it was still reading is dropped. */
  async close(): Promise<void> {
    // Pagefind's service is stopped by closing its output first: a page it is still indexing would
    // then answer into a closed pipe, and the program print its panic on the terminal. What it was
    // given is let finish first (a few hundred milliseconds at most), unless it takes longer than that.
    let waited: ReturnType<typeof setTimeout> | undefined;
    const pending = [...this.adding, ...(this.early ? [this.early.files] : [])];
    await Promise.race([
      Promise.allSettled(pending),
      new Promise((done) => (waited = setTimeout(done, SETTLE_MS))),
    ]).finally(() => clearTimeout(waited));
    await this.session?.then((session) => session.close()).catch(() => undefined);
  }

  private async build(records: ApiIndex): Promise<Map<string, Uint8Array>> {
    if (this.stale) {
      await this.close();
      this.session = undefined;
      this.adding = [];
      this.turn = Promise.resolve();
      this.sent = 0;
      this.stale = false;
      this.failure = undefined;
      this.generation++;
    }
    this.sendAll();
    const stored = await this.kept();
    const keyed = [...this.pageItems(), ...this.recordsOf(records)];
    const items = keyed.map(({ item }) => item);
    const keys = keyed.map(({ key }) => key);
    // Pagefind numbers what it is sent in order: every page is in before the first record.
    await Promise.all(this.adding);
    for (const [i, item] of items.entries())
      if (item.kind === 'record' && !stored?.keys.has(keys[i] as string)) {
        const session = await (this.session ??= this.open());
        this.adding.push(session.addRecord({ ...item, language: this.language }));
      }
    await Promise.all(this.adding);
    if (this.failure) throw this.failure.error;
    const fresh = keys.filter((key) => !stored?.keys.has(key)).length;
    this.analysed = fresh;
    const analysed = fresh > 0 || items.length === 0 ? await (await (this.session ??= this.open())).files() : [];
    // Every page analysed now, in order: Pagefind's index is the index. Otherwise it is written again
    // from the pages kept from the last build and those Pagefind analysed now.
    const index =
      fresh === items.length || !stored
        ? rewriteIndex(analysed)
        : stored.merged(
            items.map((item, i) => [keys[i] as string, item.url]),
            analysed,
          );
    if (!index) {
      // The last index could not be read back: this one is built whole, every page sent to Pagefind.
      this.unreadable = true;
      this.stale = true;
      return this.build(records);
    }
    this.nextStore = {
      items: items.map((item, i) => [keys[i] as string, item.url]),
      files: index.map((file) => [file.path, file.content]),
    };
    const files = bundleFiles(index);
    files.set(`site/${SEARCH_FOLDER}${SYMBOLS_FILE}`, gzipSync(JSON.stringify(records.symbols), { level: 9 }));
    return files;
  }

  /** The pages taken, in order, as Pagefind is sent them, with their keys. */
  private pageItems(): Array<{ item: { kind: 'page'; url: string }; key: string }> {
    return this.order.flatMap((page) => {
      const taken = this.bodies.get(page.file);
      return taken ? [{ item: { kind: 'page', url: this.url(page) }, key: taken.key }] : [];
    });
  }

  /** The reference's records as Pagefind is sent them, with their keys (made once a reference). */
  private recordsOf(records: ApiIndex): Array<{ item: IndexItem; key: string }> {
    let keyed = this.recordItems.get(records);
    if (!keyed) {
      keyed = records.records.map((record) => {
        const item: IndexItem = { kind: 'record', ...record, meta: { ...record.meta } };
        return { item, key: itemKey(item) };
      });
      this.recordItems.set(records, keyed);
    }
    return keyed;
  }

  private url(page: Searchable): string {
    return this.config.baseUrl + page.file.slice('site/'.length, -'index.html'.length);
  }

  /**
   * The cache key of the index of the pages taken so far and `records`: each page and record by its
   * key (which covers all Pagefind is sent of it), and the symbols the search script ranks with.
   */
  private key(records: ApiIndex): string {
    return stepKey(this.cache, 'search', {
      language: this.language,
      baseUrl: this.config.baseUrl,
      pages: this.order.map((page) => `${page.file} ${this.bodies.get(page.file)?.key ?? ''}`).join('\n'),
      records: this.recordsOf(records)
        .map(({ key }) => key)
        .join('\n'),
      symbols: JSON.stringify(records.symbols),
    });
  }

  /** The index under `key`: from the cache, or built by Pagefind (`cached` says which). */
  private async made(key: string, records: ApiIndex): Promise<{ files: Map<string, Uint8Array>; cached: boolean }> {
    const cached = await this.cache.get<Array<[string, Uint8Array]>>('search', key);
    return cached ? { files: new Map(cached), cached: true } : { files: await this.build(records), cached: false };
  }

  /** Begins the index once every page has been sent to Pagefind and the expected records are made. */
  private begin(): void {
    const records = this.expected?.records;
    if (this.early || !records || !this.session || this.stale || this.sent < this.order.length) return;
    const key = this.key(records);
    const files = this.made(key, records);
    // Awaited by `finish`, which reports its failure; a build that stops first never asks.
    files.catch(() => undefined);
    this.early = { key, files };
  }

  /** The last index built for the site, unless it turned out unreadable. */
  private async kept(): Promise<KeptIndex | undefined> {
    return this.unreadable ? undefined : this.stored;
  }

  private open(): Promise<PagefindSession> {
    const session = openPagefind(this.language);
    // Seen by `finish`; until then, nothing waits on it.
    session.catch(() => undefined);
    return session;
  }

  /** Every page taken and not yet sent, including those after one that never arrived (it failed to render: the build fails anyway). */
  private sendAll(): void {
    for (; this.sent < this.order.length; this.sent++) this.send(this.order[this.sent] as Searchable);
  }

  private sendReady(): void {
    for (let page = this.order[this.sent]; page && this.bodies.has(page.file); page = this.order[this.sent]) {
      this.send(page);
      this.sent++;
    }
    this.begin();
  }

  private send(page: Searchable): void {
    const taken = this.bodies.get(page.file);
    if (taken === undefined) return;
    const url = this.url(page);
    const { key } = taken;
    // Pagefind numbers pages in the order it is sent them: one whose HTML is read back first (see
    // `takeKnown`) is read meanwhile, and still handed over in its turn.
    const previous = this.turn;
    let handed = (): void => undefined;
    this.turn = new Promise<void>((resolve) => (handed = resolve));
    // A page the last index has as it is now is taken from it; Pagefind is sent the others.
    const content = this.kept().then((stored) => (stored?.keys.has(key) ? undefined : (taken.content ?? taken.read())));
    const adding = (async () => {
      try {
        const text = await content;
        await previous;
        if (text === undefined) return;
        const added = (await (this.session ??= this.open())).addPage({ url, content: text });
        handed();
        await added;
      } finally {
        handed();
      }
    })();
    const generation = this.generation;
    // Only a page Pagefind said no to is that page's problem; the service failing is the build's.
    adding.catch((error: unknown) => {
      if (generation === this.generation)
        this.failure ??= { error, page: error instanceof PageRejected ? page : undefined };
    });
    this.adding.push(adding.catch(() => undefined));
  }

  private diagnostic(error: unknown): Diagnostic {
    const message = error instanceof Error ? error.message : String(error);
    const page = this.failure && this.failure.error === error ? this.failure.page : undefined;
    return {
      file: page?.display ?? displayPath(this.config.configPath),
      line: page ? 1 : 0,
      column: page ? 1 : 0,
      severity: 'error',
      rule: SEARCH_INDEX_RULE,
      message: page
        ? `the search index could not take this page: ${message}`
        : `the search index could not be built: ${message}`,
    };
  }
}
