import { join, resolve } from 'node:path';
import { BuildCache } from '../cache/store.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { Background } from '../workers/background.js';
import { COLOURED_HERE, colouredOn, type CodeColours } from './code-colours.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../sources/source-file.js';
import { applyRuleSeverities } from '../diagnostics/severity.js';
import { displayPath } from '../sources/display-path.js';
import { locatedAt } from '../sources/zod-issues.js';
import {
  compileFresh,
  lookupPage,
  sameImages,
  storePage,
  type CompileContext,
  type CompileResult,
  type FreshPage,
} from './compile.js';
import type { Blog } from './blog/types.js';
import { descriptionDiagnostics } from './description.js';
import { discoverContent, type FoundFile } from './discover.js';
import { gitDates } from './git-dates.js';
import { readFrontMatter } from './front-matter.js';
import { checkDuplicates, routeDiagnostics, routeTaken, toPageSource } from './routes.js';
import { siteFileDiagnostics } from './site-files.js';
import { map } from '../workers/map.js';
import { PAGE_SHARE, type PageRequest, type PageShare } from './thread-tasks.js';
import { buildSidebar, suggestDocId } from './sidebar.js';
import { frontMatterVoice } from './voice.js';
import { navbarDocProblems } from './navbar-docs.js';
import type { Asset, CompiledPage, ContractLookup, FrontMatter, PageSource, SidebarNode } from './types.js';
import type { PortableContracts } from './contract-lookup.js';

/** Pages compiled at once. */
const COMPILE_CONCURRENCY = 16;

/**
 * From this many pages to compile, a second thread compiles some of them. Below it, the thread's
 * start (loading MDX, shiki and the grammars again) costs more than it saves; measured on this
 * project's 2-core machine, where two threads slow each other down by about half.
 */
const SECOND_THREAD_FROM_PAGES = 300;

/**
 * From this many pages, their code blocks are coloured on a second thread while this one compiles
 * other pages. Below it, a page could be left waiting for the thread to start and load its
 * highlighter, which this thread would have done in about the same time. From
 * `SECOND_THREAD_FROM_PAGES` on (`SECOND_THREAD_BESIDE_FROM_PAGES` beside the reference), a second thread compiles pages (colouring its own) and this one
 * colours its own too: two threads doing the same work keep two cores busy, where a third, for
 * colours, made this one wait on it (a 10,000-page build on 2 cores: this thread idle 19.7 s of
 * the content's 47 s, waiting for colours).
 */
const CODE_THREAD_FROM_PAGES = COMPILE_CONCURRENCY;

/**
 * From this many pages to compile beside the reference (`ContentInput.beside`), a second thread
 * compiles some of them: this thread is busy with the reference meanwhile, and the second core idle.
 */
const SECOND_THREAD_BESIDE_FROM_PAGES = COMPILE_CONCURRENCY;

export interface ContentInput {
  config: ResolvedConfig;
  configSource: SourceFile;
  /** Names of the components MDX may use. */
  components: ReadonlySet<string>;
  /** The contracts content may refer to. */
  contracts: ContractLookup;
  /** Routes other stages own (API pages), so that pages do not claim them: on their way while the pages compile. */
  reservedRoutes: ReadonlyMap<string, string> | Promise<ReadonlyMap<string, string>>;
  /** Compiled pages kept between builds. */
  cache?: BuildCache;
  /** Date each docs page by the last commit that changed it (one `git log`, run while the pages compile). */
  gitDates?: boolean;
  /** A thread to colour the pages' code blocks on (when there are enough pages); on the thread that compiles each page otherwise. */
  colourThread?: Background;
  /**
   * The pages are compiled while this thread builds the reference: a second thread compiles them
   * from fewer pages, answering pages' questions about the contracts from what `contracts` gives;
   * `handed` is told once they are handed out (this thread then goes on with the reference).
   */
  beside?: { contracts(): PortableContracts | undefined; handed(): void };
}

export interface ContentResult {
  /** Content files found, whether or not they compiled. */
  found: number;
  docs: CompiledPage[];
  pages: CompiledPage[];
  /** The published blog posts, compiled (in file order; `blog` orders them). */
  posts: CompiledPage[];
  /** The blog, when there are published posts. */
  blog: Blog | undefined;
  sidebar: SidebarNode[];
  assets: Asset[];
  /** Docs page file (absolute) → the date of the last commit that changed it, `YYYY-MM-DD`; pages git does not date are absent. */
  lastUpdated: ReadonlyMap<string, string>;
  /** The ids of the docs whose front matter failed (their own error is reported): still known to the navbar. */
  unreadDocIds?: readonly string[];
  diagnostics: Diagnostic[];
  /** Whether a second thread compiled some of the pages (many pages not in the cache). */
  secondThread: boolean;
}

/** content/ → compiled pages, the resolved sidebar and the assets pages refer to. */
export async function loadContent(input: ContentInput): Promise<ContentResult> {
  const { config } = input;
  const contentDir = resolve(config.rootDir, config.contentDir);
  const found = await discoverContent(contentDir, config.brand.slug, config.blog.enabled, config.contentBudget.bytes);
  // The blog's code is loaded only for a site with posts.
  const blogStage = found.posts.length > 0 ? await import('./blog/index.js') : undefined;
  const posts = blogStage?.readPosts(found.posts, config.blog.route) ?? {
    sources: [],
    metas: new Map(),
    diagnostics: [],
  };
  const diagnostics: Diagnostic[] = [...found.diagnostics, ...posts.diagnostics];

  const sources: PageSource[] = [];
  // Pages whose front matter failed: still pages to the links that name their file (its error is enough).
  const unread = new Map<string, string>();
  const unreadIds: string[] = [];
  for (const [kind, files] of [
    ['doc', found.docs],
    ['page', found.pages],
  ] as const) {
    for (const file of files) {
      const read = readPage(kind, file);
      if (read.page) sources.push(read.page);
      else if (read.unread) {
        unread.set(file.file, read.unread.route);
        if (kind === 'doc') unreadIds.push(read.unread.id);
      }
      diagnostics.push(...read.diagnostics);
    }
  }
  sources.push(...posts.sources);
  diagnostics.push(...checkDuplicates(sources), ...siteFileDiagnostics(sources));
  // The routes taken by the reference, known once it is built: their findings go here, after the pages compile.
  const takenAt = diagnostics.length;

  const docs = sources.filter((s) => s.kind === 'doc');
  const ids = new Set([...docs.map((d) => d.id), ...unreadIds]);
  for (const category of found.categories) {
    if (category.link !== undefined && !ids.has(category.link))
      diagnostics.push({
        file: category.display,
        line: 1,
        column: 1,
        severity: 'error',
        rule: 'sidebar-doc',
        message: `"link" names doc "${category.link}", but no page has that id${suggestDocId(category.link, ids)}`,
      });
  }
  diagnostics.push(...navbarDocProblems(config, input.configSource, ids));
  const sidebar = buildSidebar(config.sidebar, docs, found.categories, new Set(unreadIds));
  for (const problem of sidebar.problems)
    diagnostics.push(locatedAt(input.configSource, problem.path, 'sidebar-doc', problem.message));

  // git reads the history in its own process while this one compiles.
  const dating = input.gitDates
    ? gitDates({
        // The project's folder: with `--root`, the content may lie beside the config's.
        rootDir: config.project.dir,
        folder: join(contentDir, 'docs'),
        files: docs.map((d) => d.file),
        display: displayPath(join(contentDir, 'docs')),
      })
    : undefined;
  const assets = new Map<string, Asset>();
  const compiled: CompiledPage[] = [];
  const context = compileContext(input, sources, assets, unread);
  const pages = await compilePages(sources, context, input, unread);
  const reserved = await input.reservedRoutes;
  const taken: Diagnostic[] = [];
  for (const page of sources) {
    const owner = reserved.get(page.route);
    if (owner) taken.push(routeTaken(page, `route ${page.route} is already used by ${owner}`));
  }
  diagnostics.splice(takenAt, 0, ...taken);
  for (const result of pages.results) {
    diagnostics.push(...result.diagnostics);
    if (result.page) compiled.push(result.page);
  }
  const blog = blogStage?.finishBlog(compiled, posts.metas, sources, { ...input, reservedRoutes: reserved }) ?? {
    blog: undefined,
    diagnostics: [],
  };
  diagnostics.push(...blog.diagnostics);
  const dated = await dating;
  diagnostics.push(...(dated?.diagnostics ?? []));
  return {
    found: found.docs.length + found.pages.length + found.posts.length,
    docs: compiled.filter((p) => p.kind === 'doc'),
    pages: compiled.filter((p) => p.kind === 'page'),
    posts: compiled.filter((p) => p.kind === 'post'),
    blog: blog.blog,
    sidebar: sidebar.sidebar,
    assets: [...assets.values()].sort((a, b) => (a.target < b.target ? -1 : 1)),
    lastUpdated: dated?.dates ?? new Map(),
    unreadDocIds: unreadIds,
    diagnostics: applyRuleSeverities(diagnostics, config.rules),
    secondThread: pages.secondThread,
  };
}

/**
 * Every page, from the cache or compiled, in the order given. Many pages to compile are shared
 * with a second thread: it takes them from the front, this thread from the back. A few at a time
 * here: a page being compiled holds its syntax trees until it is done, and all pages at once held
 * gigabytes on a large site.
 */
async function compilePages(
  sources: readonly PageSource[],
  context: CompileContext,
  { colourThread, beside, reservedRoutes }: Pick<ContentInput, 'colourThread' | 'beside' | 'reservedRoutes'>,
  unread: ReadonlyMap<string, string>,
): Promise<{ results: CompileResult[]; secondThread: boolean }> {
  // Every page is looked up in the cache before any is compiled, so the count is whole by the first code block.
  let toCompile = 0;
  const threshold = beside ? SECOND_THREAD_BESIDE_FROM_PAGES : SECOND_THREAD_FROM_PAGES;
  const onThread = colourThread && colouredOn(colourThread);
  // Beside the reference, pages compile on the colour thread itself: this one's are coloured there too.
  const colouredThere = (): boolean =>
    toCompile >= CODE_THREAD_FROM_PAGES && (beside !== undefined || toCompile < threshold);
  const codeColours: CodeColours = {
    colour: (blocks) => (onThread && colouredThere() ? onThread : COLOURED_HERE).colour(blocks),
  };
  const compiling: CompileContext = { ...context, codeColours };
  return map<PageSource, FreshPage, CompileResult>(
    sources,
    {
      request: (page) => ({ kind: 'page', page }) satisfies PageRequest,
      here: (source) => compileFresh(source, compiling),
    },
    {
      cache: {
        get: async (source) => {
          const found = await lookupPage(source, context);
          if (!found) toCompile++;
          return found;
        },
        set: async (source, page, shared) => {
          // The other thread read the page's images itself; one that changed since is compiled again here.
          if (shared && page.entry && !(await sameImages(page.entry, context)))
            page = await compileFresh(source, compiling);
          return storePage(source, context, page);
        },
      },
      threshold,
      share: {
        key: PAGE_SHARE,
        value: (): PageShare => ({
          project: context.project,
          baseUrl: context.baseUrl,
          toc: context.toc,
          budget: context.budget,
          components: [...context.components],
          fileRoutes: [...unread, ...sources.map((source): [string, string] => [source.file, source.route])],
          contracts: beside?.contracts(),
        }),
      },
      concurrency: COMPILE_CONCURRENCY,
      // Beside the reference, the colour thread compiles pages between its samples: no third thread,
      // and no second copy of the highlighter and its grammars.
      thread: beside && colourThread,
      onHanded: beside?.handed,
      // The routes the reference takes are known once it is built: this thread is free for pages then.
      drainAfter: beside && Promise.resolve(reservedRoutes),
    },
  );
}

/** What a page whose front matter failed is taken to have, to give it the route its file name gives. */
const UNREAD_FRONT_MATTER: FrontMatter = {
  title: '',
  titleAt: { line: 1, column: 1 },
  description: undefined,
  sidebarLabel: undefined,
  sidebarPosition: undefined,
  slug: undefined,
  id: undefined,
  search: false,
};

/** One content file's front matter and identity on the site (or, when its front matter failed, its route). */
export function readPage(
  kind: PageSource['kind'],
  file: FoundFile,
): { page: PageSource | undefined; diagnostics: Diagnostic[]; unread?: { route: string; id: string } } {
  const frontMatter = readFrontMatter(file.file, file.text);
  if (!frontMatter.ok) {
    // The route and id its file name gives (a `slug` or `id` it meant to have is not known), for links to it.
    const named = toPageSource(kind, file, UNREAD_FRONT_MATTER);
    const unread = routeDiagnostics(named).length === 0 ? { route: named.route, id: named.id } : undefined;
    return { page: undefined, diagnostics: frontMatter.diagnostics, unread };
  }
  const page = toPageSource(kind, file, frontMatter.frontMatter);
  const refused = routeDiagnostics(page);
  if (refused.length > 0) return { page: undefined, diagnostics: refused };
  return {
    page,
    diagnostics: [
      ...frontMatterVoice(page.display, frontMatter.yaml, page.frontMatter),
      ...descriptionDiagnostics(page),
    ],
  };
}

/** Everything a page compiles against besides itself: `specsite dev` recompiles one page with it. */
export function compileContext(
  input: Pick<ContentInput, 'config' | 'components' | 'contracts' | 'cache'>,
  pages: readonly PageSource[],
  assets: Map<string, Asset>,
  unread: ReadonlyMap<string, string> = new Map(),
): CompileContext {
  const { config } = input;
  return {
    project: config.project,
    baseUrl: config.baseUrl,
    toc: config.toc,
    budget: { lines: config.contentBudget.lines, nodes: config.contentBudget.nodes },
    components: input.components,
    contracts: input.contracts,
    fileRoutes: new Map([...unread, ...pages.map((s): [string, string] => [s.file, s.route])]),
    assets,
    cache: input.cache ?? BuildCache.disabled(),
  };
}

export { compilePage } from './compile.js';
export { checkLinks } from './links.js';
export { flattenSidebar, sidebarTrails } from './sidebar.js';
export type { CompiledPage, ContractLookup, SidebarNode } from './types.js';
