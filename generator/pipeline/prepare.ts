import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BuildCache } from '../cache/store.js';
import { loadConfig } from '../config/load.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { loadContent, type ContentResult } from '../content/index.js';
import { openContracts, type LoadedApi } from '../contracts/index.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { apiHistory, breakingChangeGate } from '../diff/history.js';
import { ContractIndex, type PortableContracts } from '../content/contract-lookup.js';
import { unavailableApis } from './unavailable-apis.js';
import { generateTypes, type TypesResult } from '../types/index.js';
import type { SourceFile } from '../sources/source-file.js';
import { Background, later } from '../workers/background.js';
import { MDX_COMPONENT_NAMES } from '../../templates/mdx/component-names.js';
import type { GlobalOptions } from './options.js';
import { checkSiteLinks, earlyReference, reservedRoutes, type EarlyReference } from './reference.js';
import { checkSiteText } from './site-checks.js';
import type { StageClock } from './stage-clock.js';
import { worthASecondThread } from './thread-size.js';

export type PrepareOptions = Pick<GlobalOptions, 'config'> &
  Partial<Pick<GlobalOptions, 'rules' | 'acknowledgeBreaking' | 'cache' | 'root'>> & {
    /** `build`: date the docs pages from git (default true). */
    gitDates?: boolean;
  };

/**
 * `build`: the contracts' checks and types run meanwhile (on `background`), the reference is built
 * before they are back; `colours` is the thread that colours the reference's samples and the
 * content's code blocks meanwhile (and compiles pages beside the reference). `validate`: the checks
 * are awaited, the gate judges the two newest versions and no reference is built, so links into it
 * are left to `build`.
 */
export type PrepareScope = { kind: 'build'; background: Background; colours: Background } | { kind: 'validate' };

export interface PreparedSite {
  config: ResolvedConfig;
  configSource: SourceFile;
  cache: BuildCache;
  apis: LoadedApi[];
  contracts: ContractIndex;
  /** Every contract's findings, parsing and checks: in `build`, still to come. */
  contractDiagnostics: Promise<Diagnostic[]>;
  /** `build` only. */
  reference: EarlyReference | undefined;
  /** `build` only: the types package and the JSON Schemas, on their way. */
  types: Promise<TypesResult> | undefined;
  /** `validate` only (`build` counts it once the checks pass): the breaking-change gate. */
  gate: Diagnostic[];
  content: ContentResult;
  /** The config's findings: unknown keys (errors that leave a config to build with), else warnings (other errors stop here). */
  configDiagnostics: Diagnostic[];
  /** The content's and the links' findings. */
  contentDiagnostics: Diagnostic[];
}

export type Prepared = { ok: true; site: PreparedSite } | { ok: false; diagnostics: Diagnostic[] };

/** config → contracts → reference (or the gate) → content → links, shared by `build`, `validate` and `dev`. */
export async function prepareSite(options: PrepareOptions, scope: PrepareScope, clock: StageClock): Promise<Prepared> {
  const loaded = await clock.timed('config', () => loadConfig(options.config, options.rules, options.root, 'report'));
  if (!loaded.ok) return { ok: false, diagnostics: loaded.diagnostics };
  const { config, source } = loaded;
  const cache = BuildCache.forProject(config.rootDir, options.cache ?? true);
  const acknowledgeAll = options.acknowledgeBreaking === true;

  const { apis, contractDiagnostics, types } = await clock.timed('contracts', async () => {
    if (scope.kind === 'validate') {
      const opened = await openContracts(config, source, cache, Background.inline());
      return { apis: opened.apis, contractDiagnostics: Promise.resolve(await opened.diagnostics), types: undefined };
    }
    // Without the cache every page is compiled, beside the reference and partly on the colour thread
    // (see below): the thread starts now, and loads the compiler while the contracts are read.
    if (!cache.enabled && config.apis.length > 0 && hasContent(config)) scope.colours.warm(['page']);
    // Parsed here. Their checks, then the types of each API's newest version, run on a second thread
    // while this one builds the reference and the content (when the contracts are large enough for
    // that to pay); nothing is written unless the checks pass.
    const opened = await openContracts(config, source, cache, scope.background);
    scope.background.start(await worthASecondThread(opened.apis));
    const generating = later(
      generateTypes({
        apis: opened.apis,
        packageName: config.types.packageName,
        packageVersion: config.types.version,
        schemaIdBase: new URL(`${config.baseUrl}schemas/`, config.url).href,
        rules: config.rules,
        cache,
        background: scope.background,
        // Compiling the declarations costs a cold build seconds; `specsite types` is where the package is promised to compile.
        verify: false,
      }),
    );
    return { apis: opened.apis, contractDiagnostics: opened.diagnostics, types: generating };
  });

  // An API that did not load fails the build anyway: its pages wait for its error, to name it once each.
  const unloaded = config.apis.some((api) => !apis.some((loaded) => loaded.api.id === api.id));
  const failed = unloaded ? unavailableApis(config.apis, apis, await contractDiagnostics, source) : undefined;
  const contracts = new ContractIndex(apis, failed);
  const contentInput = {
    config,
    configSource: source,
    components: new Set(MDX_COMPONENT_NAMES),
    contracts,
    cache,
    // `validate` renders no page.
    gitDates: scope.kind === 'build' && options.gitDates !== false,
    colourThread: scope.kind === 'build' ? scope.colours : undefined,
  };
  // `build`: the pages compile while this thread builds the reference, on a second thread when there
  // are enough of them (the content's own stage is then what is left after the reference).
  let reserve: (routes: ReadonlyMap<string, string>) => void = () => undefined;
  let handed: () => void = () => undefined;
  const pagesHanded = new Promise<void>((resolve) => (handed = resolve));
  const besideReference =
    scope.kind === 'build' && apis.length > 0
      ? later(
          loadContent({
            ...contentInput,
            reservedRoutes: new Promise((resolve) => (reserve = resolve)),
            beside: { contracts: () => portableOrNot(contracts), handed },
          }),
        )
      : undefined;
  // The reference keeps this thread busy: the pages are read and handed to the second thread first.
  if (besideReference) await clock.early('content', () => Promise.race([pagesHanded, besideReference]));

  const { reference, gate } = await clock.timed('reference', async () => {
    if (scope.kind === 'build')
      return {
        reference: await earlyReference(apis, config, cache, { acknowledgeAll, rules: config.rules }, scope.colours),
        gate: [],
      };
    // Only the two newest versions of each API are compared: the gate judges the release being made.
    const histories = apis.map((api) => ({
      loaded: api,
      history: apiHistory({ ...api, versions: api.versions.slice(0, 2) }),
    }));
    return { reference: undefined, gate: breakingChangeGate(histories, { acknowledgeAll, rules: config.rules }) };
  });
  const apiPages = reference?.reference.pages ?? [];
  reserve(reservedRoutes(apis, apiPages));
  const content = await clock.timed(
    'content',
    () => besideReference ?? loadContent({ ...contentInput, reservedRoutes: reservedRoutes(apis, apiPages) }),
  );
  return {
    ok: true,
    site: {
      config,
      configSource: source,
      cache,
      apis,
      contracts,
      contractDiagnostics,
      reference,
      types,
      gate,
      content,
      configDiagnostics: loaded.diagnostics,
      contentDiagnostics: [
        ...content.diagnostics,
        ...checkSiteLinks(content, apiPages),
        ...checkSiteText(config, source, apis, content),
      ],
    },
  };
}

/** Whether the site has a docs or pages folder (a reference-only site has no page for the colour thread to compile). */
function hasContent(config: ResolvedConfig): boolean {
  const contentDir = resolve(config.rootDir, config.contentDir);
  return existsSync(join(contentDir, 'docs')) || existsSync(join(contentDir, 'pages'));
}

/** What a thread compiling pages is told of the contracts; nothing (it leaves those pages to this one) if reading their names fails. */
function portableOrNot(contracts: ContractIndex): PortableContracts | undefined {
  try {
    return contracts.portable();
  } catch {
    return undefined;
  }
}
