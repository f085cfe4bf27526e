import { resolve } from 'node:path';
import { cacheDistrustDiagnostics } from '../cache/rules.js';
import { countBySeverity, normalizeDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { generateTypes } from '../types/index.js';
import { fromConfig, fromFiles } from '../types/input.js';
import { replaceFolders } from '../write/replace-folders.js';
import { OutputError } from '../write/output-error.js';
import type { GlobalOptions } from '../pipeline/options.js';

export interface TypesResult {
  diagnostics: Diagnostic[];
  /** Files written, relative to the output folder; empty when errors stopped the command. */
  written: string[];
}

export interface TypesOptions
  extends Pick<GlobalOptions, 'config' | 'out'>, Partial<Pick<GlobalOptions, 'rules' | 'cache' | 'root'>> {
  /**
   * Versions to type instead of the newest: `1.0.0` for every configured API, `searcher@1.0.0` for
   * one (a later entry for the same API wins). Only with the config, not with files.
   */
  versions?: readonly string[];
}

/**
 * `specsite types`: the types package (`DIR/types`) and the entity JSON Schemas (`DIR/schemas`) of
 * the configured APIs (newest version of each), or of the given files. Contracts with errors are
 * not typed: the command reports them and leaves the previous output as it was.
 */
export async function types(files: readonly string[], options: TypesOptions): Promise<TypesResult> {
  const rules = options.rules ?? {};
  const prepared =
    files.length > 0
      ? await fromFiles(files, rules)
      : await fromConfig(options.config, rules, options.versions ?? [], options.cache ?? true, options.root);
  const diagnostics = normalizeDiagnostics(prepared.diagnostics);
  if (!prepared.input || countBySeverity(diagnostics).errors > 0) return { diagnostics, written: [] };
  const generated = await generateTypes(prepared.input);
  const distrust = prepared.input.cache ? cacheDistrustDiagnostics(prepared.input.cache, prepared.input.rules) : [];
  const all = normalizeDiagnostics([...diagnostics, ...generated.diagnostics, ...distrust]);
  if (countBySeverity(all).errors > 0) return { diagnostics: all, written: [] };
  try {
    // The package and the schemas are one output: schemas of an earlier run that this one has not go.
    await replaceFolders(resolve(options.out), generated.files, ['schemas', 'types']);
  } catch (error) {
    if (error instanceof OutputError) return { diagnostics: [...all, error.diagnostic], written: [] };
    throw error;
  }
  return { diagnostics: all, written: [...generated.files.keys()].sort() };
}
