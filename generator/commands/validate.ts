import { resolve } from 'node:path';
import { loadConfig } from '../config/load.js';
import { loadContracts } from '../contracts/index.js';
import { validateContract } from '../contracts/validate.js';
import { normalizeDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { GlobalOptions } from './options.js';

export interface ValidateResult {
  diagnostics: Diagnostic[];
  /** Documents that were checked. */
  checked: number;
}

/**
 * `specsite validate`: with no files, the config and every version of every contract it names;
 * with files, just those OpenAPI documents (no config needed, so only `options.rules` applies).
 */
export async function validate(files: readonly string[], options: Pick<GlobalOptions, 'config'> & Partial<Pick<GlobalOptions, 'rules'>>): Promise<ValidateResult> {
  if (files.length > 0) {
    const diagnostics: Diagnostic[] = [];
    for (const file of files) diagnostics.push(...(await validateContract(resolve(file), options.rules)).diagnostics);
    return { diagnostics: normalizeDiagnostics(diagnostics), checked: files.length };
  }
  const loaded = await loadConfig(options.config, options.rules);
  if (!loaded.ok) return { diagnostics: normalizeDiagnostics(loaded.diagnostics), checked: 0 };
  const contracts = await loadContracts(loaded.config, loaded.source);
  const checked = contracts.apis.reduce((n, api) => n + api.versions.length, 0);
  return { diagnostics: normalizeDiagnostics(contracts.diagnostics), checked };
}
