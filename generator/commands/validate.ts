import { resolve } from 'node:path';
import { cacheDistrustDiagnostics } from '../cache/rules.js';
import { validateContract } from '../contracts/validate.js';
import { normalizeDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { prepareSite } from '../pipeline.js';
import { StageClock } from '../pipeline/stage-clock.js';
import type { GlobalOptions } from '../pipeline/options.js';

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
  options: Pick<GlobalOptions, 'config'> &
    Partial<Pick<GlobalOptions, 'rules' | 'acknowledgeBreaking' | 'cache' | 'root'>>,
): Promise<ValidateResult> {
  if (files.length > 0) {
    const diagnostics: Diagnostic[] = [];
    for (const file of files) diagnostics.push(...(await validateContract(resolve(file), options.rules)).diagnostics);
    return { diagnostics: normalizeDiagnostics(diagnostics), checked: files.length, pages: 0 };
  }
  const prepared = await prepareSite(options, { kind: 'validate' }, new StageClock());
  if (!prepared.ok) return { diagnostics: normalizeDiagnostics(prepared.diagnostics), checked: 0, pages: 0 };
  const { site } = prepared;
  return {
    diagnostics: normalizeDiagnostics([
      ...site.configDiagnostics,
      ...(await site.contractDiagnostics),
      ...site.gate,
      ...site.contentDiagnostics,
      ...cacheDistrustDiagnostics(site.cache, site.config.rules),
    ]),
    checked: site.apis.reduce((n, api) => n + api.versions.length, 0),
    pages: site.content.found,
  };
}
