import { BuildCache } from '../cache/store.js';
import { resolve } from 'node:path';
import { loadConfig } from '../config/load.js';
import { checkLinks, loadContent } from '../content/index.js';
import { loadContracts } from '../contracts/index.js';
import { validateContract } from '../contracts/validate.js';
import { apiHistory, breakingChangeGate } from '../diff/history.js';
import { normalizeDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { ContractIndex } from '../models/contract-lookup.js';
import { MDX_COMPONENT_NAMES } from '../../templates/mdx/component-names.js';
import type { GlobalOptions } from './options.js';

export interface ValidateResult {
  diagnostics: Diagnostic[];
  /** Documents that were checked. */
  checked: number;
  /** Content files that were checked (none when files were given). */
  pages: number;
}

/**
 * `specsite validate`: with no files, the config, every version of every contract it names, and the
 * content (front matter, MDX, contract components, tagged JSON examples, links between pages), and
 * the breaking-change gate between the two newest versions of each API; with
 * files, just those OpenAPI documents (no config needed, so only `options.rules` applies).
 */
export async function validate(
  files: readonly string[],
  options: Pick<GlobalOptions, 'config'> & Partial<Pick<GlobalOptions, 'rules' | 'acknowledgeBreaking' | 'cache'>>,
): Promise<ValidateResult> {
  if (files.length > 0) {
    const diagnostics: Diagnostic[] = [];
    for (const file of files) diagnostics.push(...(await validateContract(resolve(file), options.rules)).diagnostics);
    return { diagnostics: normalizeDiagnostics(diagnostics), checked: files.length, pages: 0 };
  }
  const loaded = await loadConfig(options.config, options.rules);
  if (!loaded.ok) return { diagnostics: normalizeDiagnostics(loaded.diagnostics), checked: 0, pages: 0 };
  const { config, source } = loaded;
  const cache = BuildCache.forProject(config.rootDir, options.cache ?? true);
  const contracts = await loadContracts(config, source, cache);
  const checked = contracts.apis.reduce((n, api) => n + api.versions.length, 0);
  // Only the two newest versions of each API are compared: the gate judges the release being made.
  const gate = breakingChangeGate(
    contracts.apis.map((loaded) => ({
      loaded,
      history: apiHistory({ ...loaded, versions: loaded.versions.slice(0, 2) }),
    })),
    { acknowledgeAll: options.acknowledgeBreaking === true, rules: config.rules },
  );
  const content = await loadContent({
    config,
    configSource: source,
    components: new Set(MDX_COMPONENT_NAMES),
    contracts: new ContractIndex(contracts.apis),
    // The reference's own pages below an API's route (tag and model pages of a large API) are only
    // known once it is rendered; `build` checks those.
    reservedRoutes: new Map(contracts.apis.map((a) => [a.api.route, `the ${a.api.id} API reference`] as const)),
    cache,
  });
  const pages = [...content.docs, ...content.pages];
  // Anchors of the reference pages are not known without rendering them, so links into them are left to `build`.
  const links = checkLinks(pages, new Map(pages.map((p) => [p.route, p.anchors])));
  return {
    diagnostics: normalizeDiagnostics([
      ...loaded.diagnostics,
      ...contracts.diagnostics,
      ...gate,
      ...content.diagnostics,
      ...links,
    ]),
    checked,
    pages: content.found,
  };
}
