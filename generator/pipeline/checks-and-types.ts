import { countBySeverity, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { TypesResult } from '../types/index.js';
import { EMPTY_REFERENCE, lazyApiReference } from '../render/index.js';
import type { Background } from '../workers/background.js';
import type { PreparedSite } from './prepare.js';
import { referenceOptions, type EarlyReference } from './reference.js';
import type { RenderedSite, SiteRenderer } from './render-stage.js';

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
  // A contract with errors is not rendered (the build fails anyway, with the content's findings).
  if (countBySeverity(contractDiagnostics).errors > 0)
    return { site: await renderer.renderWith(EMPTY_REFERENCE), diagnostics, types: undefined };
  if (early.failure) throw early.failure.error;
  diagnostics.push(...early.gate);
  const types = await (prepared.types as Promise<TypesResult>);
  diagnostics.push(...types.diagnostics);
  if (types.typed.length === prepared.apis.length) return { site: rendered, diagnostics, types };
  const { config, cache, apis } = prepared;
  const reference = await lazyApiReference(apis, referenceOptions(config, cache, types.typed, early.histories));
  return { site: await renderer.renderWith(reference), diagnostics, types };
}
