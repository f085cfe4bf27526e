import { resolve } from 'node:path';
import { validateContract } from '../contracts/validate.js';
import { versionName } from '../contracts/version-name.js';
import { countBySeverity, normalizeDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { DiffReport } from '../diff/change.js';
import { diffContracts } from '../diff/compare.js';
import { serviceFiles } from '../diff/service-versions.js';
import type { GlobalOptions } from '../pipeline/options.js';

export interface DiffResult {
  /** Problems that kept the comparison from being made (a contract that does not parse, an unknown service). */
  diagnostics: Diagnostic[];
  /** Present when both contracts could be read. */
  report: DiffReport | undefined;
}

export type DiffTarget = { files: readonly [string, string] } | { service: string };

/**
 * `specsite diff`: what changed from one contract to another, judged from the integrator's side.
 * Either two files (old, new), or a configured API's two newest versions. A contract with errors
 * is not compared: the errors are reported instead, since a diff of a broken document misleads.
 */
export async function diff(
  target: DiffTarget,
  options: Pick<GlobalOptions, 'config'> & Partial<Pick<GlobalOptions, 'rules' | 'root'>>,
): Promise<DiffResult> {
  const pair =
    'files' in target
      ? {
          old: { file: resolve(target.files[0]), version: undefined },
          new: { file: resolve(target.files[1]), version: undefined },
          rules: options.rules ?? {},
          diagnostics: [],
          project: undefined,
        }
      : await serviceFiles(target.service, options.config, options.rules, options.root);
  if (!pair.old || !pair.new) return { diagnostics: normalizeDiagnostics(pair.diagnostics), report: undefined };
  // A configured API's `$ref`s read inside the config's project; files named here, inside their own project.
  const [before, after] = await Promise.all([
    validateContract(pair.old.file, pair.rules, undefined, pair.project),
    validateContract(pair.new.file, pair.rules, undefined, pair.project),
  ]);
  const diagnostics = normalizeDiagnostics([...pair.diagnostics, ...before.diagnostics, ...after.diagnostics]);
  if (!before.contract || !after.contract || countBySeverity(diagnostics).errors > 0)
    return { diagnostics, report: undefined };
  const report = diffContracts(
    { contract: before.contract, version: versionName(before.contract, pair.old.version, 'file name') },
    { contract: after.contract, version: versionName(after.contract, pair.new.version, 'file name') },
  );
  return { diagnostics, report };
}
