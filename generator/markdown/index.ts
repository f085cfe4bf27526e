import { join } from 'node:path';
import { BuildCache } from '../cache/store.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { ContentResult } from '../content/index.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ApiPage } from '../render/api/reference-pages.js';
import type { LazyReference } from '../render/api/lazy-reference.js';
import type { Background } from '../workers/background.js';
import { checkTwinLinks, type CheckedTwin } from './check.js';
import type { SiteText } from './content/tree.js';
import type { Flow } from './nodes.js';
import { LLMS_FULL_TXT, LLMS_TXT, llmsTxtBlocks } from './llms.js';
import { needsModels, type TwinSource } from './pages.js';
import { PAGE_KINDS } from '../page-kinds/index.js';
import type { MarkdownRequest } from './thread-tasks.js';
import type { TwinModels } from './twin.js';
import { twinPath, TwinUrls } from './urls.js';
import type { TwinBody, TwinWork } from './work.js';
import { stepKey } from '../cache/step-key.js';

export { twinPath, TwinUrls } from './urls.js';
export { LLMS_FULL_TXT, LLMS_TXT } from './llms.js';
export { MARKDOWN_LINK_RULE } from './check.js';

export interface MarkdownInput {
  config: ResolvedConfig;
  /** The content, and the blog when the site has one. */
  content: Pick<ContentResult, 'docs' | 'pages' | 'sidebar' | 'assets'> & Partial<Pick<ContentResult, 'blog'>>;
  /** The reference whose pages get twins: their summaries at once, their models only for a twin not in the cache. */
  reference: Pick<LazyReference, 'pages' | 'files' | 'key' | 'full'>;
  /** Twins kept between builds, keyed by everything a twin is made from. */
  cache?: BuildCache;
}

export interface MarkdownChecks {
  /** Site paths of the site's other files (the client's assets, the favicon, the logo), which a twin may link to. */
  otherFiles?: Iterable<string>;
  /** The output folder as messages show it: a problem in a twin the build made is reported at its file there. */
  outDir?: string;
}

/** One page's Markdown twin. */
export interface MarkdownTwin {
  route: string;
  kind: TwinSource['kind'];
  title: string;
  /** Where it is written in the site: `docs/x/index.md`. */
  path: string;
  markdown: string;
}

export interface MarkdownSite {
  /** Every page's twin, in the order of llms-full.txt. */
  twins: MarkdownTwin[];
  /** Site path → text: each twin, `llms.txt` and `llms-full.txt`. */
  files: Map<string, string>;
  /** What the twins' link check found. */
  diagnostics: Diagnostic[];
}

/** From this many twins to make, a deferred `background` (the build's) starts its thread for them. */
const TWIN_THREAD_FROM = 16;

/** Twins under way (`startMarkdownTwins`): `finish` waits for them and makes the files. */
export interface PendingTwins {
  finish(checks?: MarkdownChecks): Promise<MarkdownSite>;
}

/**
 * Every page of the site as Markdown (its "twin", at its route plus `index.md`), `/llms.txt` and
 * `/llms-full.txt`, made here and now. Content pages are made from their Markdown syntax tree (kept
 * by the content stage), reference pages from the reference's model; a twin is cached under
 * everything it is made from, so a build whose twins are all cached never builds the reference's
 * model for them.
 */
export async function markdownTwins(input: MarkdownInput, checks: MarkdownChecks = {}): Promise<MarkdownSite> {
  return (await startMarkdownTwins(input)).finish(checks);
}

/**
 * The same, started: with `background`, the twins are printed (and those of content pages without
 * contract components made) on its thread while this one goes on (the build renders the site
 * meanwhile); what only this thread can do (blocks of the reference's models) is done at once.
 */
export async function startMarkdownTwins(input: MarkdownInput, background?: Background): Promise<PendingTwins> {
  const { config, content, reference } = input;
  const cache = input.cache ?? BuildCache.disabled();
  const urls = new TwinUrls(config.url, config.baseUrl);
  const site: SiteText = { title: config.title, tagline: config.tagline };
  const kindSite = { config, content, apiPages: reference.pages };
  const sources = PAGE_KINDS.flatMap((kind) => kind.twins(kindSite));
  const root = urls.page('/');
  // Hashing every page's tree costs time a build without a cache has no use for.
  const keys = sources.map((source) => (cache.enabled ? twinKey(cache, source, root, site, reference.key) : ''));
  const cached = await Promise.all(
    keys.map((key) => (cache.enabled ? cache.get<TwinBody>('markdown', key) : undefined)),
  );
  // A thread of their own only for many twins to make: starting one (and loading the printer there
  // again) costs more than the few an edit makes.
  background?.start(cached.filter((hit) => hit === undefined).length >= TWIN_THREAD_FROM);
  // What makes and prints twins (the converters, the reference's model with React) loads only when one is not in the cache.
  const making = cached.every((hit) => hit !== undefined)
    ? undefined
    : await Promise.all([import('./twin.js'), import('./work.js')]);
  const run = (work: TwinWork, doTwinWork: (work: TwinWork) => TwinBody): Promise<TwinBody> =>
    background
      ? background.run({ kind: 'markdown', work } satisfies MarkdownRequest, async () => doTwinWork(work))
      : Promise.resolve(doTwinWork(work));
  // The reference's models are built only when a twin not in the cache needs them.
  const models = sources.some((source, index) => !cached[index] && needsModels(source))
    ? await reference.full().then(({ pages, catalog }): TwinModels => {
        const byRoute = new Map<string, ApiPage>(pages.map((p) => [p.route, p]));
        return { catalog, apiPage: (route) => byRoute.get(route) };
      })
    : NO_MODELS;
  const bodies = sources.map(async (source, index): Promise<TwinBody> => {
    const hit = cached[index];
    if (hit) return hit;
    const [{ twinWork }, { doTwinWork }] = making as NonNullable<typeof making>;
    const made = await run(twinWork(source, urls, site, models), doTwinWork);
    if (cache.enabled) await cache.set('markdown', keys[index] as string, made);
    return made;
  });
  // Awaited in `finish`; a failure meanwhile must not go unhandled.
  for (const body of bodies) body.catch(() => undefined);

  return {
    finish: async (checks = {}) => {
      // What the thread has not started is done here, rather than waited for.
      await background?.drain();
      const settled = await Promise.allSettled(bodies);
      const failures = failed(sources, settled);
      if (failures.length > 0) return { twins: [], files: new Map(), diagnostics: failures };
      const made = settled.map((s) => (s as PromiseFulfilledResult<TwinBody>).value);
      const llms = await llmsTxt(cache, llmsTxtBlocks(config, sources, apiTitles(reference.pages), urls));
      return twinFiles(input, checks, sources, made, urls, llms);
    },
  };
}

/** A page whose twin could not be made fails the build, as one that fails to render does, located at its source. */
function failed(sources: readonly TwinSource[], settled: ReadonlyArray<PromiseSettledResult<TwinBody>>): Diagnostic[] {
  return settled.flatMap((result, index): Diagnostic[] => {
    if (result.status === 'fulfilled') return [];
    const source = sources[index] as TwinSource;
    const error: unknown = result.reason;
    return [
      {
        file: source.display ?? source.route,
        line: 1,
        column: 1,
        severity: 'error',
        rule: 'render',
        message: `the page's Markdown twin failed: ${error instanceof Error ? error.message : String(error)}`,
      },
    ];
  });
}

const NO_IDS: ReadonlySet<string> = new Set();

const NO_MODELS: TwinModels = { catalog: new Map(), apiPage: () => undefined };

/** The twins with their headers, llms.txt, llms-full.txt, and the check of their links. */
function twinFiles(
  input: MarkdownInput,
  checks: MarkdownChecks,
  sources: readonly TwinSource[],
  bodies: readonly TwinBody[],
  urls: TwinUrls,
  llms: string,
): MarkdownSite {
  const { config, content, reference } = input;
  const twins: MarkdownTwin[] = [];
  const files = new Map<string, string>();
  const checked: CheckedTwin[] = [];
  const full: string[] = [];
  sources.forEach((source, index) => {
    const body = bodies[index] as TwinBody;
    const markdown = body.markdown;
    const path = twinPath(source.route);
    twins.push({ route: source.route, kind: source.kind, title: source.title, path, markdown });
    files.set(path, markdown);
    checked.push({
      route: source.route,
      display: source.display,
      output: join(checks.outDir ?? 'out', 'site', path),
      text: markdown,
      links: body.links,
    });
    full.push(body.full);
  });
  files.set(LLMS_TXT, llms);
  files.set(LLMS_FULL_TXT, full.join('\n'));

  const targets = {
    anchors: new Map<string, ReadonlySet<string>>([
      ...[...content.docs, ...content.pages].map((p) => [p.route, p.anchors] as const),
      ...reference.pages.map((p) => [p.route, p.anchors] as const),
      ...sources.flatMap((s) =>
        s.page.kind === 'blog' ? [[s.route, s.page.page.post?.anchors ?? NO_IDS] as const] : [],
      ),
    ]),
    twins: new Set(sources.map((s) => s.route)),
    files: new Set(
      [
        ...files.keys(),
        ...reference.files.keys(),
        ...content.assets.map((a) => a.target),
        ...(checks.otherFiles ?? []),
      ].map((path) => `/${path.replace(/^\//, '')}`),
    ),
  };
  return { twins, files, diagnostics: checkTwinLinks(checked, targets, urls) };
}

/** Everything a twin is made from: its page (title, description and syntax tree, or its reference page's inputs), the site's address and what its components draw. */
function twinKey(cache: BuildCache, source: TwinSource, root: string, site: SiteText, referenceKey: string): string {
  if (source.page.kind === 'api')
    return stepKey(cache, 'twin', { kind: 'api', root, page: source.page.page.fingerprint });
  if (source.page.kind === 'blog') {
    const { model, post } = source.page.page;
    // What the twin shows of the page's model: not the blog's sidebar, nor a post's neighbours.
    const shown = model.kind === 'blog-post' ? model.post : { ...model, sidebar: undefined };
    return stepKey(cache, 'twin', {
      kind: 'blog',
      root,
      title: source.title,
      description: source.description,
      model: JSON.stringify(shown),
      twin: post?.twin,
      siteTitle: site.title,
      tagline: site.tagline,
      reference: post?.usesContracts ? referenceKey : undefined,
    });
  }
  const page = source.page.page;
  return stepKey(cache, 'twin', {
    kind: 'content',
    root,
    route: page.route,
    title: source.title,
    description: source.description,
    twin: page.twin,
    siteTitle: site.title,
    tagline: site.tagline,
    reference: page.usesContracts ? referenceKey : undefined,
  });
}

/**
 * `/llms.txt` printed, or as an earlier build printed the same blocks: printing is most of what a
 * build whose twins all come from the cache does here (the printer is loaded only to print).
 */
async function llmsTxt(cache: BuildCache, blocks: Flow[]): Promise<string> {
  const key = cache.enabled ? stepKey(cache, 'llms-txt', { blocks: JSON.stringify(blocks) }) : '';
  const cached = cache.enabled ? await cache.get<string>('llms-txt', key) : undefined;
  if (cached !== undefined) return cached;
  const printed = (await import('./print.js')).printMarkdown(blocks);
  if (cache.enabled) await cache.set('llms-txt', key, printed);
  return printed;
}

/** Each API's own title (not its reference page's), from its first page, the newest version's overview. */
function apiTitles(pages: LazyReference['pages']): Map<string, string> {
  const titles = new Map<string, string>();
  for (const page of pages) if (!titles.has(page.apiId)) titles.set(page.apiId, page.apiTitle);
  return titles;
}
