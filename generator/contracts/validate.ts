import { BuildCache } from '../cache/store.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { isRecord } from '../sources/pointer.js';
import { applyRuleSeverities, type RuleSeverities } from './severity.js';
import { ContractSources } from './sources.js';
import { detectSpecVersion, type SpecVersion } from './spec-version.js';

/** A contract that parsed: its files, dialect and root document, with the `$ref` graph intact. */
export interface Contract {
  path: string;
  sources: ContractSources;
  specVersion: SpecVersion;
  document: Record<string, unknown>;
}

export interface ContractResult {
  /** Present when the document could be read as OpenAPI at all, even if rules found errors. */
  contract: Contract | undefined;
  diagnostics: Diagnostic[];
}

/**
 * Parses a contract with positions, checks its structure with swagger-parser, then runs the rules.
 * `severities` (config `rules` with `--rule` over them) are applied here, so that every command
 * that validates a contract judges it the same way. The checks' findings are cached under the
 * hashes of every file the contract is made of, so an unchanged contract is judged once.
 */
export async function validateContract(path: string, severities: RuleSeverities = {}, cache: BuildCache = BuildCache.disabled()): Promise<ContractResult> {
  const loaded = await ContractSources.load(path, cache);
  if (!loaded.sources) return { contract: undefined, diagnostics: applyRuleSeverities(loaded.diagnostics, severities) };
  const { sources } = loaded;
  const detected = detectSpecVersion(sources.root.data);
  if (!detected.ok) {
    const at = sources.locate({ file: sources.root, segments: detected.key ? [detected.key] : [] });
    return { contract: undefined, diagnostics: applyRuleSeverities([...loaded.diagnostics, { ...at, severity: 'error', rule: 'oas-version', message: detected.message }], severities) };
  }
  const key = cache.key('contract-checks', detected.version, ...sources.identity());
  let found = await cache.get<Diagnostic[]>('contracts', key);
  if (!found) {
    const { checkContract } = await import('./checks.js');
    found = await checkContract(sources, detected.version);
    await cache.set('contracts', key, found);
  }
  const document = isRecord(sources.root.data) ? sources.root.data : {};
  return { contract: { path: sources.root.path, sources, specVersion: detected.version, document }, diagnostics: applyRuleSeverities([...loaded.diagnostics, ...found], severities) };
}
