import { sha256, type BuildCache } from '../../cache/store.js';
import type { LoadedApi } from '../../contracts/index.js';
import type { ContractCatalog, ServiceCatalog } from '../../../templates/mdx/contract-model.js';
import type { ApiPage, ApiRedirect, ApiReference, ApiReferenceOptions } from './pages.js';
import { SampleColours } from './samples/colours.js';
import type { Background } from '../../workers/background.js';
import { stepKey } from '../../cache/step-key.js';

/** The reference builder (the Markdown pipeline, React, the sample printers), loaded when a model is needed. */
async function buildApiReference(
  ...args: Parameters<typeof import('./pages.js').buildApiReference>
): Promise<ApiReference> {
  return (await import('./pages.js')).buildApiReference(...args);
}

/** What the rest of the build needs of a reference page without its data model: its route, title and anchors. */
export interface ApiPageSummary extends Omit<ApiPage, 'model'> {
  /** A hash of everything the page is made from (its API's contracts and the reference options). */
  fingerprint: string;
}

/**
 * The API reference as the build sees it: the pages' summaries and the downloads at once, the data
 * models (for rendering a page, or the contract components of a content page) only when asked.
 * The summaries and downloads are cached per API under the hash of all its versions' files and the
 * options, so a build whose pages all come from the cache never builds a reference model.
 */
export interface LazyReference {
  pages: ApiPageSummary[];
  /** The redirect pages of the routes an older edition of the reference had (not in the sitemap, search or llms.txt). */
  redirects: ApiRedirect[];
  /**
   * Site path → bytes: each version's document for download, held outside the JavaScript heap
   * until written (GitHub's two took 50 MB of the heap as strings, walked by every full collection
   * while the site renders).
   */
  files: Map<string, Uint8Array>;
  /** Path under the output folder → content: each version's index for `specsite mcp`. */
  published: Map<string, string>;
  /** A hash of every API's inputs: what the contract components of content pages depend on. */
  key: string;
  /** The pages' models, their samples coloured. */
  full(): Promise<{ pages: ApiPage[]; catalog: ContractCatalog }>;
  /** Whether a second thread did some of the work (coloured samples). */
  secondThread(): boolean;
  /** Resolves once every sample built here is coloured (whichever thread did it). */
  coloured(): Promise<void>;
}

interface CachedSummary {
  pages: Array<Omit<ApiPageSummary, 'anchors' | 'fingerprint'> & { anchors: string[] }>;
  files: Array<[string, Uint8Array]>;
  published: Array<[string, string]>;
  redirects: ApiRedirect[];
}

export const EMPTY_REFERENCE: LazyReference = {
  pages: [],
  redirects: [],
  files: new Map(),
  published: new Map(),
  key: '',
  full: async () => ({ pages: [], catalog: new Map() }),
  secondThread: () => false,
  coloured: async () => undefined,
};

export async function lazyApiReference(
  apis: readonly LoadedApi[],
  options: ApiReferenceOptions & { cache: BuildCache; colourThread?: Background },
): Promise<LazyReference> {
  const { cache } = options;
  // Histories are derived from the versions, which the key already holds.
  const settings = JSON.stringify({
    ...options,
    cache: undefined,
    colourThread: undefined,
    histories: undefined,
    typed: [...options.typed].sort(),
  });
  // Only what `full` reads: the downloads are let go as strings once they are bytes.
  const built = new Map<string, Pick<ApiReference, 'pages' | 'catalog'>>();
  const pages: ApiPageSummary[] = [];
  const redirects: ApiRedirect[] = [];
  const files = new Map<string, Uint8Array>();
  const published = new Map<string, string>();
  const keys: string[] = [];
  // The samples of the models built here are coloured on a second thread (when there are many)
  // while the build goes on with the other APIs and the content; `full` waits for them.
  const colours = SampleColours.meanwhile(options.colourThread);
  try {
    for (const loaded of apis) {
      const key = stepKey(cache, 'api-reference', {
        settings,
        id: loaded.api.id,
        title: loaded.api.title,
        route: loaded.api.route,
        versions: loaded.versions.map((v) => [v.version, ...v.contract.sources.identity()]),
      });
      keys.push(key);
      let summary = await cache.get<CachedSummary>('reference', key);
      if (!summary) {
        const reference = await buildApiReference([loaded], options, colours);
        built.set(loaded.api.id, { pages: reference.pages, catalog: reference.catalog });
        summary = {
          pages: reference.pages.map(({ model: _model, anchors, ...page }) => ({ ...page, anchors: [...anchors] })),
          files: [...reference.files].map(([path, text]) => [path, Buffer.from(text)]),
          published: [...reference.published],
          redirects: reference.redirects,
        };
        await cache.set('reference', key, summary);
      }
      for (const page of summary.pages)
        pages.push({ ...page, anchors: new Set(page.anchors), fingerprint: sha256(key, page.route) });
      redirects.push(...summary.redirects);
      for (const [path, text] of summary.files) files.set(path, text);
      for (const [path, text] of summary.published) published.set(path, text);
    }
  } finally {
    // No more samples: the thread stops once it has answered, whether the pages are rendered or
    // the build stops here.
    void colours.done();
  }

  let whole: Promise<{ pages: ApiPage[]; catalog: ContractCatalog }> | undefined;
  const full = (): Promise<{ pages: ApiPage[]; catalog: ContractCatalog }> => {
    whole ??= (async () => {
      await colours.done();
      const all: ApiPage[] = [];
      const catalog = new Map<string, ServiceCatalog>();
      for (const loaded of apis) {
        const reference = built.get(loaded.api.id) ?? (await buildApiReference([loaded], options));
        all.push(...reference.pages);
        for (const [id, service] of reference.catalog) catalog.set(id, service);
      }
      return { pages: all, catalog };
    })();
    return whole;
  };
  return {
    pages,
    redirects,
    files,
    published,
    key: sha256(...keys),
    full,
    secondThread: () => colours.usedSecondThread,
    coloured: () => colours.done(),
  };
}
