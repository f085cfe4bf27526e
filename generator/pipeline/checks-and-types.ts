import { countBySeverity, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { TypesResult } from '../types/index.js';
import { EMPTY_REFERENCE, lazyApiReference, type LazyReference } from '../render/index.js';
import type { Background } from '../workers/background.js';
import type { PreparedSite } from './prepare.js';
import { referenceOptions, type EarlyReference } from './reference.js';
import type { RenderedSite, SiteRenderer } from './render-stage.js';
import { unavailableApis } from './unavailable-apis.js';

export interface Settled {
  site: RenderedSite;
  diagnostics: Diagnostic[];
  /** Undefined when a contract has errors: the build fails. */
  types: TypesResult | undefined;
}

/**
 * The contracts' checks and types, awaited once the site is rendered: the site is rendered again
 * without the reference when a contract has errors, or with it when an API got no types (its pages
 * then have no TypeScript samples importing them).
 */
export async function awaitChecksAndTypes(
  prepared: PreparedSite,
  early: EarlyReference,
  background: Background,
  renderer: SiteRenderer,
  rendered: RenderedSite,
): Promise<Settled> {
  // Everything the worker has not started is done here now, types included: waiting for the checks
  // first would leave this thread idle in a build that passes, to save the types of one that fails.
  await background.drain();
  const contractDiagnostics = await prepared.contractDiagnostics;
  const diagnostics = [...contractDiagnostics];
  // A contract with errors is not rendered (the build fails anyway, with the content's findings); the
  // pages that use its API say so once each, and the others are rendered with the healthy APIs.
  if (countBySeverity(contractDiagnostics).errors > 0)
    return { site: await renderHealthy(prepared, early, renderer, contractDiagnostics), diagnostics, types: undefined };
  if (early.failure) throw early.failure.error;
  diagnostics.push(...early.gate);
  const types = await (prepared.types as Promise<TypesResult>);
  diagnostics.push(...types.diagnostics);
  if (types.typed.length === prepared.apis.length) return { site: rendered, diagnostics, types };
  const { config, cache, apis } = prepared;
  const reference = await lazyApiReference(apis, referenceOptions(config, cache, types.typed, early.histories));
  return { site: await renderer.renderWith(reference), diagnostics, types };
}

/** The site rendered with the reference of the APIs whose contracts have no error, which the others' pages are told of. */
async function renderHealthy(
  prepared: PreparedSite,
  early: EarlyReference,
  renderer: SiteRenderer,
  contractDiagnostics: readonly Diagnostic[],
): Promise<RenderedSite> {
  const { config, configSource, cache, apis } = prepared;
  const unavailable = unavailableApis(config.apis, apis, contractDiagnostics, configSource);
  const healthy = apis.filter((api) => !unavailable.has(api.api.id));
  let reference: LazyReference = EMPTY_REFERENCE;
  if (healthy.length > 0) {
    const histories = early.histories.filter(({ loaded }) => !unavailable.has(loaded.api.id));
    const ids = healthy.map((api) => api.api.id);
    try {
      reference = await lazyApiReference(healthy, referenceOptions(config, cache, ids, histories));
    } catch {
      // Not what stops this build (the contract's error is): their pages then fail to render, each saying so.
    }
  }
  return renderer.renderWith(reference, unavailable);
}
