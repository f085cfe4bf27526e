import { BuildCache } from '../cache/store.js';
import type { ResolvedApi, ResolvedConfig } from '../config/resolve.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../sources/source-file.js';
import { discoverApis } from './discover.js';
import { Background, later } from '../workers/background.js';
import { openContract, type Contract } from './validate.js';
import { versionName } from './version-name.js';

export interface ContractVersion {
  /** The version's name: the file name in a folder of versions, else the document's info.version. */
  version: string;
  contract: Contract;
}

export interface LoadedApi {
  api: ResolvedApi;
  /** Newest first; `versions[0]` is the one served at the API's route. */
  versions: ContractVersion[];
}

export interface ContractsResult {
  apis: LoadedApi[];
  diagnostics: Diagnostic[];
}

/** The contracts stage: every version of every configured API, parsed and validated at the severities the config chose. */
export async function loadContracts(
  config: ResolvedConfig,
  configSource: SourceFile,
  cache: BuildCache = BuildCache.disabled(),
): Promise<ContractsResult> {
  const opened = await openContracts(config, configSource, cache, Background.inline());
  return { apis: opened.apis, diagnostics: await opened.diagnostics };
}

/** The contracts as parsed, with their checks' findings to come: `loadContracts` for a build that has other work meanwhile. */
export async function openContracts(
  config: ResolvedConfig,
  configSource: SourceFile,
  cache: BuildCache,
  background: Background,
): Promise<{ apis: LoadedApi[]; diagnostics: Promise<Diagnostic[]> }> {
  const discovered = await discoverApis(config, configSource);
  const findings: Array<Promise<Diagnostic[]>> = [];
  const apis: LoadedApi[] = [];
  for (const { api, files } of discovered.apis) {
    const versions: ContractVersion[] = [];
    for (const { version, file } of files) {
      const opened = await openContract(file, config.rules, cache, background, config.project);
      findings.push(opened.diagnostics);
      if (!opened.contract) continue;
      versions.push({ version: versionName(opened.contract, version, { word: 'current' }), contract: opened.contract });
    }
    if (versions.length > 0) apis.push({ api, versions });
  }
  return {
    apis,
    diagnostics: later(Promise.all(findings).then((lists) => [...discovered.diagnostics, ...lists.flat()])),
  };
}

export { validateContract, type Contract } from './validate.js';
