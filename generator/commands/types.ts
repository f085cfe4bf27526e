import { basename, extname, resolve } from 'node:path';
import { loadConfig } from '../config/load.js';
import { slugify } from '../config/resolve.js';
import { loadContracts, type LoadedApi } from '../contracts/index.js';
import type { RuleSeverities } from '../contracts/severity.js';
import { validateContract } from '../contracts/validate.js';
import { countBySeverity, normalizeDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { generateModels, type ModelsInput } from '../models/index.js';
import { replaceFolders } from '../write/replace-folders.js';
import type { GlobalOptions } from './options.js';

export interface TypesResult {
  diagnostics: Diagnostic[];
  /** Files written, relative to the output folder; empty when errors stopped the command. */
  written: string[];
}

/** Package name and `$id` base when files are given without a config. */
export const STANDALONE_PACKAGE = 'api-types';
export const STANDALONE_SCHEMA_BASE = 'http://localhost/schemas/';

/**
 * `specsite types`: the types package (`DIR/types`) and the entity JSON Schemas (`DIR/schemas`) of
 * the configured APIs (newest version of each), or of the given files. Contracts with errors are
 * not typed: the command reports them and leaves the previous output as it was.
 */
export async function types(files: readonly string[], options: Pick<GlobalOptions, 'config' | 'out'> & Partial<Pick<GlobalOptions, 'rules'>>): Promise<TypesResult> {
  const rules = options.rules ?? {};
  const prepared = files.length > 0 ? await fromFiles(files, rules) : await fromConfig(options.config, rules);
  const diagnostics = normalizeDiagnostics(prepared.diagnostics);
  if (!prepared.input || countBySeverity(diagnostics).errors > 0) return { diagnostics, written: [] };
  const generated = await generateModels(prepared.input);
  const all = normalizeDiagnostics([...diagnostics, ...generated.diagnostics]);
  if (countBySeverity(all).errors > 0) return { diagnostics: all, written: [] };
  await replaceFolders(resolve(options.out), generated.files);
  return { diagnostics: all, written: [...generated.files.keys()].sort() };
}

type Prepared = { input: ModelsInput | undefined; diagnostics: Diagnostic[] };

async function fromConfig(configPath: string, rules: RuleSeverities): Promise<Prepared> {
  const loaded = await loadConfig(configPath, rules);
  if (!loaded.ok) return { input: undefined, diagnostics: loaded.diagnostics };
  const { config } = loaded;
  const contracts = await loadContracts(config, loaded.source);
  return {
    input: { apis: contracts.apis, packageName: config.types.packageName, packageVersion: config.types.version, schemaIdBase: new URL(`${config.baseUrl}schemas/`, config.url).href, rules: config.rules },
    diagnostics: contracts.diagnostics,
  };
}

/** Without a config, the rules are at their own severities but for the command line's choices. */
async function fromFiles(files: readonly string[], rules: RuleSeverities): Promise<Prepared> {
  const apis: LoadedApi[] = [];
  const diagnostics: Diagnostic[] = [];
  const used = new Set<string>();
  for (const [index, file] of files.entries()) {
    const path = resolve(file);
    const result = await validateContract(path, rules);
    diagnostics.push(...result.diagnostics);
    if (!result.contract) continue;
    let id = slugify(basename(path, extname(path)));
    for (let n = 2; used.has(id); n++) id = `${slugify(basename(path, extname(path)))}-${n}`;
    used.add(id);
    const info = result.contract.document.info as { version?: unknown } | undefined;
    const version = typeof info?.version === 'string' ? info.version : '0.0.0';
    apis.push({ api: { id, title: undefined, route: `/api/${id}/`, spec: path, specAsWritten: file, index }, versions: [{ version, contract: result.contract }] });
  }
  return { input: { apis, packageName: STANDALONE_PACKAGE, packageVersion: undefined, schemaIdBase: STANDALONE_SCHEMA_BASE, rules }, diagnostics };
}
