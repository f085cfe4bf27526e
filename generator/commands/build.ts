import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BuildCache } from '../cache/store.js';
import { budgetDiagnostics, javascriptWeight, type JavaScriptWeight } from '../client/budget.js';
import { buildClient } from '../client/build.js';
import { loadConfig } from '../config/load.js';
import { checkLinks, loadContent, type ContentResult } from '../content/index.js';
import { openContracts, type LoadedApi } from '../contracts/index.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { SourceFile } from '../sources/source-file.js';
import { countBySeverity, normalizeDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { apiHistory, breakingChangeGate } from '../diff/history.js';
import { ContractIndex } from '../models/contract-lookup.js';
import { generateModels, type ModelsResult } from '../models/index.js';
import { Background, later } from '../workers/background.js';
import {
  EMPTY_REFERENCE,
  lazyApiReference,
  renderSite,
  type ApiPageSummary,
  type LazyReference,
  type RenderedPage,
  type RenderInput,
} from '../render/index.js';
import { favicon, robots, sitemap } from '../write/site-files.js';
import { StagingFolder } from '../write/replace-folders.js';
import { OutputError } from '../write/output-error.js';
import { MDX_COMPONENT_NAMES } from '../../templates/mdx/component-names.js';
import type { GlobalOptions } from './options.js';

// The client is bundled before rendering because every page links its hashed file names.
// `background` is the time left waiting, once the site is rendered, for the contracts' checks and
// types, which run on a second thread from the contracts stage on.
export const BUILD_STAGES = [
  'config',
  'contracts',
  'models',
  'content',
  'client',
  'render',
  'background',
  'write',
] as const;
export type BuildStage = (typeof BUILD_STAGES)[number];

export interface BuildReport {
  pages: RenderedPage[];
  warnings: Diagnostic[];
  /** Milliseconds per stage, in pipeline order. */
  stages: Array<{ stage: BuildStage; ms: number }>;
  totalMs: number;
  /** The JavaScript every page loads, against the budgets of docs and API pages. */
  javascript: JavaScriptWeight;
  /** Whether a second thread did some of the work: large contracts' checks and types, or many pages to compile (not in the cache). */
  secondThread: boolean;
}

export interface BuildResult {
  diagnostics: Diagnostic[];
  /** Present when the site was written. */
  report: BuildReport | undefined;
  /** Number of files written under the output folder. */
  written: number;
}

export interface BuildOptions
  extends
    Pick<GlobalOptions, 'config' | 'out' | 'strict'>,
    Partial<Pick<GlobalOptions, 'rules' | 'acknowledgeBreaking' | 'cache'>> {
  /** Told when each stage starts (for a progress line). */
  onStage?: (stage: BuildStage, index: number) => void;
}

/** What one run of the pipeline made, in memory: the files to write and the stages' results, which `specsite dev` keeps to redo only what an edit affects. */
export interface SiteOutput {
  diagnostics: Diagnostic[];
  /** Present when the build succeeded: paths under the output folder (`site/…`, `types/…`, `schemas/…`, `build-report.json`); without the pages' HTML when `compileSite` was given `emitPage`. */
  files: Map<string, string | Uint8Array> | undefined;
  report: BuildReport | undefined;
  /** The stages' results, when the pipeline got as far as rendering. */
  parts: SiteParts | undefined;
}

export interface SiteParts {
  config: ResolvedConfig;
  configSource: SourceFile;
  cache: BuildCache;
  contracts: ContractIndex;
  content: ContentResult;
  reference: LazyReference;
  render: Omit<RenderInput, 'content' | 'only'>;
}

/**
 * `specsite build`: config → contracts → models → content → client → render → write. Nothing is
 * written unless every stage succeeded (and, with `strict`, without warnings); then `DIR/site`,
 * `DIR/types`, `DIR/schemas` and `DIR/build-report.json` replace the previous ones in one swap.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  try {
    return await buildInto(await StagingFolder.open(resolve(options.out)), options);
  } catch (error) {
    // The disk under the output folder (full, read-only, a file in the way): one line, and out/ as it was.
    if (error instanceof OutputError) return { diagnostics: [error.diagnostic], report: undefined, written: 0 };
    throw error;
  }
}

async function buildInto(staging: StagingFolder, options: BuildOptions): Promise<BuildResult> {
  try {
    // Pages go to the staging folder as they are rendered, so a large site is never all in memory.
    let streamed = 0;
    const output = await compileSite(options, (path, content) => {
      streamed++;
      return staging.write(path, content);
    });
    if (!output.files) return { diagnostics: output.diagnostics, report: undefined, written: 0 };
    await staging.writeAll(output.files);
    await staging.commit(OUTPUT_ENTRIES);
    // Only after a build that got through every stage: one that stopped early read only part of what it needs.
    await output.parts?.cache.pruneUnused();
    return { diagnostics: output.diagnostics, report: output.report, written: output.files.size + streamed };
  } finally {
    await staging.discard();
  }
}

/** What a build writes in the output folder: a previous build's entry that this one has not (schemas/ of a site without APIs) goes. */
export const OUTPUT_ENTRIES = ['build-report.json', 'schemas', 'site', 'types'];

/**
 * The whole pipeline: what `build` writes, or the diagnostics that stopped it. Every file is in
 * `files`, except the pages' HTML when `emitPage` takes it (paths as in `files`: `site/…`).
 */
export async function compileSite(
  options: BuildOptions,
  emitPage?: (path: string, html: string | Uint8Array) => Promise<void>,
): Promise<SiteOutput> {
  const started = performance.now();
  const stages: BuildReport['stages'] = [];
  let current: { stage: BuildStage; start: number } | undefined;
  const finish = (): void => {
    if (current) stages.push({ stage: current.stage, ms: round(performance.now() - current.start) });
    current = undefined;
  };
  const enter = (stage: BuildStage): void => {
    finish();
    current = { stage, start: performance.now() };
    options.onStage?.(stage, BUILD_STAGES.indexOf(stage));
  };
  const fail = (diagnostics: Diagnostic[], parts?: SiteParts): SiteOutput => ({
    diagnostics: normalizeDiagnostics(diagnostics),
    files: undefined,
    report: undefined,
    parts,
  });

  enter('config');
  const loaded = await loadConfig(options.config, options.rules);
  if (!loaded.ok) return fail(loaded.diagnostics);
  const { config, source } = loaded;
  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  const cache = BuildCache.forProject(config.rootDir, options.cache ?? true);
  const background = Background.deferred();
  try {
    enter('contracts');
    // Parsed here. Their checks, then the types of each API's newest version, run on a second thread
    // while this one builds the reference and the content (when the contracts are large enough for
    // that to pay); nothing is written unless the checks pass.
    const contracts = await openContracts(config, source, cache, background);
    background.start((await contractBytes(contracts.apis)) >= SECOND_THREAD_FROM_BYTES);
    const models = later(
      generateModels({
        apis: contracts.apis,
        packageName: config.types.packageName,
        packageVersion: config.types.version,
        schemaIdBase: new URL(`${config.baseUrl}schemas/`, config.url).href,
        rules: config.rules,
        cache,
        background,
      }),
    );

    enter('models');
    const early = await earlyReference(contracts.apis, config, cache, {
      acknowledgeAll: options.acknowledgeBreaking === true,
      rules: config.rules,
    });
    const apiPages = early.reference.pages;

    enter('content');
    const contractIndex = new ContractIndex(contracts.apis);
    const content = await loadContent({
      config,
      configSource: source,
      components: new Set(MDX_COMPONENT_NAMES),
      contracts: contractIndex,
      reservedRoutes: reservedRoutes(contracts.apis, apiPages),
      cache,
    });
    diagnostics.push(...content.diagnostics);
    diagnostics.push(...checkSiteLinks(content, apiPages));

    enter('client');
    const client = await buildClient(cache);
    const javascript = javascriptWeight(client);
    diagnostics.push(...budgetDiagnostics(javascript));

    // Rendered before the checks are back too: a failed build writes nothing anyway.
    enter('render');
    const icon = await favicon(config, source);
    diagnostics.push(...icon.diagnostics);
    const assets = {
      css: client.css,
      js: client.js,
      favicon: icon.favicon?.path ?? 'favicon.svg',
      faviconType: icon.favicon?.type ?? 'image/svg+xml',
    };
    const renderWith = async (reference: LazyReference) => {
      const render: SiteParts['render'] = {
        config,
        configSource: source,
        apiPages: reference.pages,
        reference,
        cache,
        assets,
      };
      return {
        render,
        reference,
        rendered: await renderSite({
          ...render,
          content,
          emit: emitPage && ((file, html) => emitPage(`site/${file}`, html)),
        }),
      };
    };
    let site = await renderWith(early.reference);

    enter('background');
    // Everything the worker has not started is done here now, types included: waiting for the checks
    // first would leave this thread idle in a build that passes, to save the types of one that fails.
    await background.drain();
    const contractDiagnostics = await contracts.diagnostics;
    diagnostics.push(...contractDiagnostics);
    let generated: ModelsResult | undefined;
    if (countBySeverity(contractDiagnostics).errors > 0) {
      // A contract with errors is not rendered (the build fails anyway, with the content's findings).
      site = await renderWith(EMPTY_REFERENCE);
    } else {
      if (early.failure) throw early.failure.error;
      diagnostics.push(...early.gate);
      generated = await models;
      diagnostics.push(...generated.diagnostics);
      // The pages of an API without types have no TypeScript samples importing them.
      if (generated.typed.length !== contracts.apis.length)
        site = await renderWith(
          await lazyApiReference(contracts.apis, referenceOptions(config, cache, generated.typed, early.histories)),
        );
    }
    const { render, reference, rendered } = site;
    diagnostics.push(...rendered.diagnostics);
    const parts: SiteParts = {
      config,
      configSource: source,
      cache,
      contracts: contractIndex,
      content,
      reference,
      render,
    };

    const { errors, warnings } = countBySeverity(diagnostics);
    if (errors > 0 || (options.strict && warnings > 0) || !generated) return fail(diagnostics, parts);

    enter('write');
    const files = new Map<string, string | Uint8Array>();
    for (const [path, html] of rendered.files) files.set(`site/${path}`, html);
    for (const [path, text] of client.files) files.set(`site/${path}`, text);
    for (const [path, text] of reference.files) files.set(`site/${path}`, text);
    for (const asset of content.assets) files.set(`site/${asset.target}`, asset.bytes);
    if (icon.favicon) files.set(`site/${icon.favicon.path}`, icon.favicon.bytes);
    files.set(
      'site/sitemap.xml',
      sitemap(
        config,
        rendered.pages.filter((p) => p.kind !== 'not-found').map((p) => p.route),
      ),
    );
    files.set('site/robots.txt', robots(config));
    for (const [path, text] of generated.files) files.set(path, text);
    const normalized = normalizeDiagnostics(diagnostics);
    // The report is written with the site, so the write stage's own time is up to this point.
    finish();
    const report: BuildReport = {
      pages: rendered.pages,
      warnings: normalized,
      stages,
      totalMs: round(performance.now() - started),
      javascript,
      secondThread: background.usedSecondThread || content.secondThread || rendered.secondThread,
    };
    files.set('build-report.json', `${JSON.stringify(report, null, 2)}\n`);
    return { diagnostics: normalized, files, report, parts };
  } finally {
    await background.close();
  }
}

/**
 * Contracts smaller than this are checked and typed on the build's own thread. Measured on this
 * project's 2-core machine, cold builds, same output: the real site's 0.27 MB of contracts built no
 * faster on two threads (9.0–10.3 s against 9.3–11.1 s) and peaked 110 MB higher (420 MB, over its
 * 400 MB budget); Kubernetes' 4.1 MB went from 15.9–16.5 s to 12.9–14.6 s, GitHub's 13 MB from
 * 22.7 s to 18 s. The threads slow each other down (shared caches, the JIT and GC helpers on two
 * cores), so only large contracts gain.
 */
const SECOND_THREAD_FROM_BYTES = 1_000_000;

/** The size on disk of every file of every contract version. */
async function contractBytes(apis: readonly LoadedApi[]): Promise<number> {
  const files = new Set(apis.flatMap((loaded) => loaded.versions.flatMap((v) => [...v.contract.sources.files.keys()])));
  const sizes = await Promise.all(
    [...files].map((file) =>
      stat(file).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

type Histories = Array<{ loaded: LoadedApi; history: ReturnType<typeof apiHistory> }>;

/**
 * The reference, built before the contracts' checks are back: what changed between each API's
 * versions (the changelog pages, and the gate on the newest release) and the pages' summaries. A
 * contract the checks will fail may not make sense to the builder, so what it throws is kept, to
 * count only if the checks pass.
 */
async function earlyReference(
  apis: readonly LoadedApi[],
  config: ResolvedConfig,
  cache: BuildCache,
  gateOptions: Parameters<typeof breakingChangeGate>[1],
): Promise<{
  reference: LazyReference;
  histories: Histories;
  gate: Diagnostic[];
  failure: { error: unknown } | undefined;
}> {
  try {
    const histories = apis.map((loaded) => ({ loaded, history: apiHistory(loaded) }));
    const gate = breakingChangeGate(histories, gateOptions);
    // Every API is expected to get types; if one does not, its pages are built again once that is known.
    const typed = apis.map((loaded) => loaded.api.id);
    return {
      reference: await lazyApiReference(apis, referenceOptions(config, cache, typed, histories)),
      histories,
      gate,
      failure: undefined,
    };
  } catch (error) {
    return { reference: EMPTY_REFERENCE, histories: [], gate: [], failure: { error } };
  }
}

function referenceOptions(
  config: ResolvedConfig,
  cache: BuildCache,
  typed: readonly string[],
  histories: Histories,
): Parameters<typeof lazyApiReference>[1] {
  return {
    baseUrl: config.baseUrl,
    typesPackage: config.types.packageName,
    codeSamples: config.apiPages.codeSamples,
    // A service the type generator could not handle has no types to import in a TypeScript sample.
    typed: new Set(typed),
    splitAbove: config.apiPages.splitAbove,
    primaryColor: config.apiPages.primaryColor,
    histories: new Map(histories.map(({ loaded, history }) => [loaded.api.id, history])),
    cache,
  };
}

/** Routes the API reference owns, which no content page may claim. */
export function reservedRoutes(apis: readonly LoadedApi[], apiPages: readonly ApiPageSummary[]): Map<string, string> {
  return new Map([
    ...apis.map((a) => [a.api.route, `the ${a.api.id} API reference`] as const),
    ...apiPages.map((page) => [page.route, `the ${page.apiId} API reference`] as const),
  ]);
}

/** Links and anchors between content pages and into the reference pages. */
export function checkSiteLinks(content: ContentResult, apiPages: readonly ApiPageSummary[]): Diagnostic[] {
  const anchors = new Map<string, ReadonlySet<string>>(
    [...content.docs, ...content.pages].map((p) => [p.route, p.anchors]),
  );
  for (const page of apiPages) anchors.set(page.route, page.anchors);
  return checkLinks([...content.docs, ...content.pages], anchors);
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
