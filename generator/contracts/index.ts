import { BuildCache } from '../cache/store.js';
import type { ResolvedApi, ResolvedConfig } from '../config/resolve.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../sources/source-file.js';
import { discoverApis } from './discover.js';
import { validateContract, type Contract } from './validate.js';

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
export async function loadContracts(config: ResolvedConfig, configSource: SourceFile, cache: BuildCache = BuildCache.disabled()): Promise<ContractsResult> {
  const discovered = await discoverApis(config, configSource);
  const diagnostics = [...discovered.diagnostics];
  const apis: LoadedApi[] = [];
  for (const { api, files } of discovered.apis) {
    const versions: ContractVersion[] = [];
    for (const { version, file } of files) {
      const result = await validateContract(file, config.rules, cache);
      diagnostics.push(...result.diagnostics);
      if (!result.contract) continue;
      const info = result.contract.document.info as { version?: unknown } | undefined;
      versions.push({ version: version ?? (typeof info?.version === 'string' ? info.version : 'current'), contract: result.contract });
    }
    if (versions.length > 0) apis.push({ api, versions });
  }
  return { apis, diagnostics };
}

export { validateContract, type Contract } from './validate.js';
