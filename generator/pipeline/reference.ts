import type { BuildCache } from '../cache/store.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { checkLinks, type ContentResult } from '../content/index.js';
import type { LoadedApi } from '../contracts/index.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Background } from '../workers/background.js';
import { apiHistory, breakingChangeGate } from '../diff/history.js';
import { EMPTY_REFERENCE, lazyApiReference, type ApiPageSummary, type LazyReference } from '../render/index.js';

export type Histories = Array<{ loaded: LoadedApi; history: ReturnType<typeof apiHistory> }>;

export interface EarlyReference {
  reference: LazyReference;
  histories: Histories;
  gate: Diagnostic[];
  /** What building it threw: it counts only if the contracts' checks pass. */
  failure: { error: unknown } | undefined;
}

/**
 * The reference, built before the contracts' checks are back: what changed between each API's
 * versions (the changelog pages, and the gate on the newest release) and the pages' summaries. A
 * contract the checks will fail may not make sense to the builder, so what it throws is kept, to
 * count only if the checks pass.
 */
export async function earlyReference(
  apis: readonly LoadedApi[],
  config: ResolvedConfig,
  cache: BuildCache,
  gateOptions: Parameters<typeof breakingChangeGate>[1],
  colourThread: Background,
): Promise<EarlyReference> {
  try {
    const histories = apis.map((loaded) => ({ loaded, history: apiHistory(loaded) }));
    const gate = breakingChangeGate(histories, gateOptions);
    // Every API is expected to get types; if one does not, its pages are built again once that is known.
    const typed = apis.map((loaded) => loaded.api.id);
    return {
      reference: await lazyApiReference(apis, { ...referenceOptions(config, cache, typed, histories), colourThread }),
      histories,
      gate,
      failure: undefined,
    };
  } catch (error) {
    return { reference: EMPTY_REFERENCE, histories: [], gate: [], failure: { error } };
  }
}

export function referenceOptions(
  config: ResolvedConfig,
  cache: BuildCache,
  typed: readonly string[],
  histories: Histories,
): Parameters<typeof lazyApiReference>[1] {
  return {
    baseUrl: config.baseUrl,
    typesPackage: config.types.packageName,
    codeSamples: config.apiPages.codeSamples,
    // A service the type generator could not handle has no types to import in a TypeScript sample.
    typed: new Set(typed),
    splitAbove: config.apiPages.splitAbove,
    pageBudget: config.apiPages.pageBudget,
    primaryColor: config.apiPages.primaryColor,
    histories: new Map(histories.map(({ loaded, history }) => [loaded.api.id, history])),
    cache,
  };
}

/**
 * Routes the API reference owns, which no content page may claim. Without the reference's pages
 * (`validate`), only each API's own route: the tag and model pages of a large API are only known
 * once it is built, and `build` checks those.
 */
export function reservedRoutes(apis: readonly LoadedApi[], apiPages: readonly ApiPageSummary[]): Map<string, string> {
  return new Map([
    ...apis.map((a) => [a.api.route, `the ${a.api.id} API reference`] as const),
    ...apiPages.map((page) => [page.route, `the ${page.apiId} API reference`] as const),
  ]);
}

/** Links and anchors between content pages and into the reference pages (none known in `validate`: links into them are left to `build`). */
export function checkSiteLinks(content: ContentResult, apiPages: readonly ApiPageSummary[]): Diagnostic[] {
  const anchors = new Map<string, ReadonlySet<string>>(
    [...content.docs, ...content.pages, ...content.posts].map((p) => [p.route, p.anchors]),
  );
  for (const page of apiPages) anchors.set(page.route, page.anchors);
  return checkLinks([...content.docs, ...content.pages, ...content.posts], anchors);
}
