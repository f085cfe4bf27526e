import { BuildCache } from '../cache/store.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { isRecord } from '../sources/pointer.js';
import type { Project } from '../sources/project-path.js';
import { nestingTooDeep } from './depth-limit.js';
import { Background, later } from '../workers/background.js';
import { map } from '../workers/map.js';
import type { ChecksRequest } from './thread-tasks.js';
import { applyRuleSeverities, type RuleSeverities } from '../diagnostics/severity.js';
import { ContractSources } from './sources.js';
import { detectSpecVersion, type SpecVersion } from './spec-version.js';
import { stepKey } from '../cache/step-key.js';

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

/** A contract as read now, with the checks' findings to come (from the cache, or from the checks running meanwhile). */
export interface OpenedContract {
  contract: Contract | undefined;
  /** Everything found, parsing and checks, at the chosen severities. */
  diagnostics: Promise<Diagnostic[]>;
}

/**
 * Parses a contract with positions, checks its structure with swagger-parser, then runs the rules.
 * `severities` (config `rules` with `--rule` over them) are applied here, so that every command
 * that validates a contract judges it the same way. The checks' findings are cached under the
 * hashes of every file the contract is made of, so an unchanged contract is judged once.
 */
export async function validateContract(
  path: string,
  severities: RuleSeverities = {},
  cache: BuildCache = BuildCache.disabled(),
  project?: Project,
): Promise<ContractResult> {
  const opened = await openContract(path, severities, cache, Background.inline(), project);
  return { contract: opened.contract, diagnostics: await opened.diagnostics };
}

/**
 * `validateContract`, returning once the contract is parsed: its checks run on `background`.
 * `project`: the folder its `$ref`s may read in (the config's); by default that of a file named on the command line.
 */
export async function openContract(
  path: string,
  severities: RuleSeverities,
  cache: BuildCache,
  background: Background,
  project?: Project,
): Promise<OpenedContract> {
  const loaded = await ContractSources.load(path, project, cache);
  if (!loaded.sources)
    return { contract: undefined, diagnostics: Promise.resolve(applyRuleSeverities(loaded.diagnostics, severities)) };
  const { sources } = loaded;
  const detected = detectSpecVersion(sources.root.data);
  if (!detected.ok) {
    const at = sources.locate({ file: sources.root, segments: detected.key ? [detected.key] : [] });
    return {
      contract: undefined,
      diagnostics: Promise.resolve(
        applyRuleSeverities(
          [...loaded.diagnostics, { ...at, severity: 'error', rule: 'oas-version', message: detected.message }],
          severities,
        ),
      ),
    };
  }
  // Enforced before anything walks the document, so that no later stage has to guard its recursion.
  const tooDeep = nestingTooDeep(sources);
  if (tooDeep)
    return {
      contract: undefined,
      diagnostics: Promise.resolve(applyRuleSeverities([...loaded.diagnostics, tooDeep], severities)),
    };
  const document = isRecord(sources.root.data) ? sources.root.data : {};
  const found = later(checks(sources, detected.version, cache, background));
  return {
    contract: { path: sources.root.path, sources, specVersion: detected.version, document },
    diagnostics: later(found.then((checked) => applyRuleSeverities([...loaded.diagnostics, ...checked], severities))),
  };
}

/** The checks' findings, from the cache or from `background`, which runs them here or on its thread. */
async function checks(
  sources: ContractSources,
  version: SpecVersion,
  cache: BuildCache,
  background: Background,
): Promise<Diagnostic[]> {
  const key = stepKey(cache, 'contract-checks', { version, sources: sources.identity() });
  const found = await map(
    [sources],
    {
      request: (contract) =>
        ({
          kind: 'checks',
          path: contract.root.path,
          project: contract.project,
          identity: contract.identity(),
        }) satisfies ChecksRequest,
      here: async (contract) => {
        const { checkContract } = await import('./checks.js');
        return checkContract(contract, version);
      },
    },
    {
      cache: {
        get: () => cache.get<Diagnostic[]>('contracts', key),
        set: async (_, diagnostics: Diagnostic[]) => {
          await cache.set('contracts', key, diagnostics);
          return diagnostics;
        },
      },
      executor: background,
    },
  );
  return found.results[0] as Diagnostic[];
}
