import { basename, extname, resolve } from 'node:path';
import { BuildCache } from '../cache/store.js';
import { loadConfig } from '../config/load.js';
import { slugify } from '../config/resolve.js';
import { loadContracts, type LoadedApi } from '../contracts/index.js';
import { validateContract } from '../contracts/validate.js';
import { versionName } from '../contracts/version-name.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { RuleSeverities } from '../diagnostics/severity.js';
import type { SourceFile } from '../sources/source-file.js';
import { uniqueSlug } from '../sources/unique-slug.js';
import type { TypesInput } from './index.js';

/** Package name and `$id` base when files are given without a config. */
export const STANDALONE_PACKAGE = 'api-types';
export const STANDALONE_SCHEMA_BASE = 'http://localhost/schemas/';

export type Prepared = { input: TypesInput | undefined; diagnostics: Diagnostic[] };

/** The configured APIs, each at the version `wanted` names (else its newest). */
export async function fromConfig(
  configPath: string,
  rules: RuleSeverities,
  wanted: readonly string[],
  useCache: boolean,
  root?: string,
): Promise<Prepared> {
  const loaded = await loadConfig(configPath, rules, root);
  if (!loaded.ok) return { input: undefined, diagnostics: loaded.diagnostics };
  const { config } = loaded;
  const cache = BuildCache.forProject(config.rootDir, useCache);
  const contracts = await loadContracts(config, loaded.source, cache);
  const chosen = chooseVersions(contracts.apis, wanted, loaded.source);
  return {
    input: {
      apis: chosen.apis,
      packageName: config.types.packageName,
      packageVersion: config.types.version,
      schemaIdBase: new URL(`${config.baseUrl}schemas/`, config.url).href,
      rules: config.rules,
      cache,
      verify: true,
    },
    diagnostics: [...contracts.diagnostics, ...chosen.diagnostics],
  };
}

/**
 * Puts the asked-for version of each API first, where the types stage takes the version to type
 * from. An API without that version is an error naming the versions it has: a package that
 * silently mixed in the newest version would lie about what it types.
 */
function chooseVersions(
  apis: readonly LoadedApi[],
  wanted: readonly string[],
  configSource: SourceFile,
): { apis: LoadedApi[]; diagnostics: Diagnostic[] } {
  const perApi = new Map<string | undefined, string>();
  for (const entry of wanted) {
    const at = entry.lastIndexOf('@');
    perApi.set(at > 0 ? entry.slice(0, at) : undefined, at > 0 ? entry.slice(at + 1) : entry);
  }
  const diagnostics: Diagnostic[] = [];
  for (const id of perApi.keys()) {
    if (id !== undefined && !apis.some((a) => a.api.id === id))
      diagnostics.push({
        file: configSource.display,
        ...configSource.locate(['apis']),
        severity: 'error',
        rule: 'types-version',
        message: `--version names API "${id}", which the config does not have; its APIs are ${apis.map((a) => a.api.id).join(', ')}`,
      });
  }
  const chosen = apis.map((loaded) => {
    const version = perApi.get(loaded.api.id) ?? perApi.get(undefined);
    if (version === undefined) return loaded;
    const index = loaded.versions.findIndex(
      (v) => v.version === version || v.version === version.replace(/^v(?=\d)/, ''),
    );
    if (index === -1) {
      diagnostics.push({
        file: configSource.display,
        ...configSource.locate(['apis', loaded.api.index]),
        severity: 'error',
        rule: 'types-version',
        message: `API "${loaded.api.id}" has no version ${version}; it has ${loaded.versions.map((v) => v.version).join(', ')}${perApi.has(loaded.api.id) ? '' : ` (name one API's version with --version ${loaded.api.id}@<version>)`}`,
      });
      return loaded;
    }
    return {
      ...loaded,
      versions: [
        loaded.versions[index] as LoadedApi['versions'][number],
        ...loaded.versions.filter((_, i) => i !== index),
      ],
    };
  });
  return { apis: chosen, diagnostics };
}

/** Without a config, the rules are at their own severities but for the command line's choices. */
export async function fromFiles(files: readonly string[], rules: RuleSeverities): Promise<Prepared> {
  const apis: LoadedApi[] = [];
  const diagnostics: Diagnostic[] = [];
  const used = new Set<string>();
  for (const [index, file] of files.entries()) {
    const path = resolve(file);
    const result = await validateContract(path, rules);
    diagnostics.push(...result.diagnostics);
    if (!result.contract) continue;
    const id = uniqueSlug(slugify(basename(path, extname(path))), used);
    const version = versionName(result.contract, undefined, { word: '0.0.0' });
    apis.push({
      api: { id, title: undefined, route: `/api/${id}/`, spec: path, specAsWritten: file, index },
      versions: [{ version, contract: result.contract }],
    });
  }
  return {
    input: {
      apis,
      packageName: STANDALONE_PACKAGE,
      packageVersion: undefined,
      schemaIdBase: STANDALONE_SCHEMA_BASE,
      rules,
      verify: true,
    },
    diagnostics,
  };
}
