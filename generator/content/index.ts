import { resolve } from 'node:path';
import pMap from 'p-map';
import { BuildCache } from '../cache/store.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../sources/source-file.js';
import { applyRuleSeverities } from '../contracts/severity.js';
import { locatedAt } from '../sources/zod-issues.js';
import { compilePage, type CompileContext } from './compile.js';
import { discoverContent, type FoundFile } from './discover.js';
import { readFrontMatter } from './front-matter.js';
import { checkDuplicates, toPageSource } from './routes.js';
import { buildSidebar } from './sidebar.js';
import type { Asset, CompiledPage, ContractLookup, PageSource, SidebarNode } from './types.js';

/** Pages compiled at once. */
const COMPILE_CONCURRENCY = 16;

export interface ContentInput {
  config: ResolvedConfig;
  configSource: SourceFile;
  /** Names of the components MDX may use. */
  components: ReadonlySet<string>;
  /** The contracts content may refer to. */
  contracts: ContractLookup;
  /** Routes other stages own (API pages), so that pages do not claim them. */
  reservedRoutes: ReadonlyMap<string, string>;
  /** Compiled pages kept between builds. */
  cache?: BuildCache;
}

export interface ContentResult {
  /** Content files found, whether or not they compiled. */
  found: number;
  docs: CompiledPage[];
  pages: CompiledPage[];
  sidebar: SidebarNode[];
  assets: Asset[];
  diagnostics: Diagnostic[];
}

/** content/ → compiled pages, the resolved sidebar and the assets pages refer to. */
export async function loadContent(input: ContentInput): Promise<ContentResult> {
  const { config } = input;
  const contentDir = resolve(config.rootDir, config.contentDir);
  const found = await discoverContent(contentDir, config.brand.slug);
  const diagnostics: Diagnostic[] = [...found.diagnostics];

  const sources: PageSource[] = [];
  for (const [kind, files] of [['doc', found.docs], ['page', found.pages]] as const) {
    for (const file of files) {
      const read = readPage(kind, file);
      if (read.page) sources.push(read.page);
      diagnostics.push(...read.diagnostics);
    }
  }
  diagnostics.push(...checkDuplicates(sources));
  for (const page of sources) {
    const owner = input.reservedRoutes.get(page.route);
    if (owner) diagnostics.push({ file: page.display, line: 1, column: 1, severity: 'error', rule: 'duplicate-route', message: `route ${page.route} is already used by ${owner}` });
  }

  const docs = sources.filter((s) => s.kind === 'doc');
  const ids = new Set(docs.map((d) => d.id));
  for (const category of found.categories) {
    if (category.link !== undefined && !ids.has(category.link)) diagnostics.push({ file: category.display, line: 1, column: 1, severity: 'error', rule: 'sidebar-doc', message: `"link" names doc "${category.link}", but no page has that id` });
  }
  const sidebar = buildSidebar(config.sidebar, docs, found.categories);
  for (const problem of sidebar.problems) diagnostics.push(locatedAt(input.configSource, problem.path, 'sidebar-doc', problem.message));

  const assets = new Map<string, Asset>();
  const compiled: CompiledPage[] = [];
  const context = compileContext(input, sources, assets);
  // A few at a time: a cached page is mostly waiting on its entry's file, but a page being compiled
  // holds its syntax trees until it is done, and all pages at once held gigabytes on a large site.
  for (const result of await pMap(sources, (source) => compilePage(source, context), { concurrency: COMPILE_CONCURRENCY })) {
    diagnostics.push(...result.diagnostics);
    if (result.page) compiled.push(result.page);
  }
  return {
    found: found.docs.length + found.pages.length,
    docs: compiled.filter((p) => p.kind === 'doc'),
    pages: compiled.filter((p) => p.kind === 'page'),
    sidebar: sidebar.sidebar,
    assets: [...assets.values()].sort((a, b) => (a.target < b.target ? -1 : 1)),
    diagnostics: applyRuleSeverities(diagnostics, config.rules),
  };
}

/** One content file's front matter and identity on the site. */
export function readPage(kind: PageSource['kind'], file: FoundFile): { page: PageSource | undefined; diagnostics: Diagnostic[] } {
  const frontMatter = readFrontMatter(file.file, file.text);
  if (!frontMatter.ok) return { page: undefined, diagnostics: frontMatter.diagnostics };
  const page = toPageSource(kind, file, frontMatter.frontMatter);
  const diagnostics: Diagnostic[] = [];
  if (page.frontMatter.description === undefined) diagnostics.push({ file: page.display, line: 1, column: 1, severity: 'warning', rule: 'page-description', message: 'the front matter has no "description"; search engines and link previews show it, so give one sentence under 160 characters' });
  return { page, diagnostics };
}

/** Everything a page compiles against besides itself: `specsite dev` recompiles one page with it. */
export function compileContext(input: Pick<ContentInput, 'config' | 'components' | 'contracts' | 'cache'>, pages: readonly PageSource[], assets: Map<string, Asset>): CompileContext {
  const { config } = input;
  return { baseUrl: config.baseUrl, toc: config.toc, components: input.components, contracts: input.contracts, fileRoutes: new Map(pages.map((s) => [s.file, s.route])), assets, cache: input.cache ?? BuildCache.disabled() };
}

export { compilePage } from './compile.js';
export { checkLinks } from './links.js';
export { flattenSidebar, sidebarTrail } from './sidebar.js';
export type { CompiledPage, ContractLookup, SidebarNode } from './types.js';
