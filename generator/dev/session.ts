import { performance } from 'node:perf_hooks';
import { checkSiteLinks, compileSite, type BuildOptions, type SiteOutput, type SiteParts } from '../pipeline.js';
import { compileContext, compilePage, type ContentResult } from '../content/index.js';
import { readPageFile } from '../content/page-text.js';
import { duplicateTitle } from '../content/rules.js';
import type { CompiledPage } from '../content/types.js';
import { countBySeverity, normalizeDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { markdownTwins, MARKDOWN_LINK_RULE } from '../markdown/index.js';
import { PAGE_KINDS, type DevEdit } from '../page-kinds/index.js';
import { assembleBlog } from '../content/blog/assemble.js';
import { blogFeeds } from '../write/blog-feeds.js';
import { renderSite } from '../render/index.js';
import { MDX_COMPONENT_NAMES } from '../../templates/mdx/component-names.js';
import { reindexSite } from './search-index.js';

/** What one rebuild gives the dev server. */
export interface DevBuild {
  /** False when the build has errors: the server keeps the last good site. */
  ok: boolean;
  /** Site path (no base URL) → content: the whole site (`complete`), or the pages that changed. */
  files: Map<string, string | Uint8Array>;
  complete: boolean;
  diagnostics: Diagnostic[];
  /** Routes rendered again; every route after a complete build. */
  rendered: string[];
  /** Site paths the previous build had and this one has not (the search index's old chunks). */
  removed?: string[];
  ms: number;
}

/** Link rules are recomputed over every page after an edit; the rest of a page's findings belong to that page. */
const LINK_RULES = new Set(['broken-markdown-link', 'broken-anchor', MARKDOWN_LINK_RULE]);
/** Front matter that changes a page's place in the navigation: an edit to it renders every page again. */
const NAVIGATION_KEYS = ['title', 'sidebarLabel', 'sidebarPosition', 'slug', 'id'] as const;

/**
 * The pipeline kept in memory between edits. An edit to a page of a kind that says it can be made
 * again alone (`devEdit`), leaving the navigation as it was, recompiles and renders that page (and
 * the pages its kind names); anything else (a new, deleted or renamed page, the config, a
 * contract, a template) runs the whole pipeline, which the build cache makes quick.
 */
export class DevSession {
  private last: { output: SiteOutput; parts: SiteParts } | undefined;

  constructor(private readonly options: BuildOptions) {}

  async rebuild(changed: readonly string[]): Promise<DevBuild> {
    const started = performance.now();
    const quick = this.last && changed.length > 0 ? await this.editPages(changed, started) : undefined;
    return quick ?? this.full(started);
  }

  private async full(started: number): Promise<DevBuild> {
    const output = await compileSite(this.options);
    // Without parts (the config failed) there is nothing an edit could be applied to.
    this.last = output.parts ? { output, parts: output.parts } : undefined;
    const files = new Map<string, string | Uint8Array>();
    for (const [path, content] of output.files ?? [])
      if (path.startsWith('site/')) files.set(path.slice('site/'.length), content);
    return {
      ok: output.files !== undefined,
      files,
      complete: true,
      diagnostics: output.diagnostics,
      rendered: output.report?.pages.map((p) => p.route) ?? [],
      ms: performance.now() - started,
    };
  }

  /** Undefined when the change is not only edits to existing pages that keep the navigation. */
  private async editPages(changed: readonly string[], started: number): Promise<DevBuild | undefined> {
    const { output, parts } = this.last as NonNullable<typeof this.last>;
    if (!output.files) return undefined;
    const site = { config: parts.config, content: parts.content, apiPages: parts.reference.pages };
    // Only a file of a kind whose pages can be made again alone (see `devEdit` in page-kinds/kind.ts).
    const editable = new Map<string, { page: CompiledPage; edit: DevEdit }>();
    for (const kind of PAGE_KINDS)
      if (kind.devEdit)
        for (const page of kind.sources(parts.content)) editable.set(page.file, { page, edit: kind.devEdit });
    const all = [...parts.content.docs, ...parts.content.pages, ...parts.content.posts];
    const edited: CompiledPage[] = [];
    const edits = new Set<DevEdit>();
    const pageDiagnostics: Diagnostic[] = [];
    for (const path of changed) {
      const found = editable.get(path);
      if (!found) return undefined;
      const { page, edit } = found;
      let text: string;
      try {
        // A page that is no longer UTF-8, or over its budget, is left to the full build, which reports it.
        const decoded = await readPageFile(path, parts.config.contentBudget.bytes);
        if (!decoded.ok) return undefined;
        text = decoded.text;
      } catch {
        return undefined;
      }
      // Same file, same path under content/: the edit changes only the text.
      const read = edit.read(page, text, site);
      if (
        !read ||
        read.page.route !== page.route ||
        NAVIGATION_KEYS.some((key) => read.page.frontMatter[key] !== page.frontMatter[key])
      )
        return undefined;
      edited.push({ ...page, ...read.page });
      edits.add(edit);
      pageDiagnostics.push(...read.diagnostics);
    }

    const assets = new Map(parts.content.assets.map((asset) => [asset.source, asset]));
    const context = compileContext(
      {
        config: parts.config,
        components: new Set(MDX_COMPONENT_NAMES),
        contracts: parts.contracts,
        cache: parts.cache,
      },
      all,
      assets,
    );
    const replaced = new Map<string, CompiledPage>();
    for (const page of edited) {
      const result = await compilePage(page, context);
      pageDiagnostics.push(...result.diagnostics);
      if (result.page) replaced.set(page.file, result.page);
    }
    const swap = (pages: CompiledPage[]): CompiledPage[] => pages.map((p) => replaced.get(p.file) ?? p);
    const { blog } = parts.content;
    const content: ContentResult = {
      ...parts.content,
      docs: swap(parts.content.docs),
      pages: swap(parts.content.pages),
      posts: swap(parts.content.posts),
      // The blog is made of its posts again when one was edited: its summaries show their text's reading time.
      blog:
        blog && parts.content.posts.some((p) => replaced.has(p.file))
          ? assembleBlog(
              blog.posts.map((post) => ({ page: replaced.get(post.page.file) ?? post.page, meta: post })),
              parts.config.blog.route,
            )
          : blog,
      assets: [...assets.values()].sort((a, b) => (a.target < b.target ? -1 : 1)),
    };
    const editedDisplays = new Set(edited.map((p) => p.display));
    // An edit that changes a title builds the whole site again: the titles' findings still hold.
    const kept = output.diagnostics.filter(
      (d) => (!editedDisplays.has(d.file) || d.rule === duplicateTitle.id) && !LINK_RULES.has(d.rule),
    );
    const diagnostics = normalizeDiagnostics([
      ...kept,
      ...pageDiagnostics,
      ...checkSiteLinks(content, parts.reference.pages),
    ]);
    const failed =
      replaced.size < edited.length ||
      countBySeverity(diagnostics).errors > 0 ||
      (this.options.strict && countBySeverity(diagnostics).warnings > 0);
    if (failed)
      return {
        ok: false,
        files: new Map(),
        complete: false,
        diagnostics,
        rendered: [],
        ms: performance.now() - started,
      };

    const edit = { ...site, content };
    const routes = new Set([...edited.map((p) => p.route), ...[...edits].flatMap((e) => e.alsoRenders(edit))]);
    const rendered = await renderSite({ ...parts.render, content, only: routes });
    const files = new Map<string, string | Uint8Array>(rendered.files);
    if (content.blog !== blog)
      for (const [path, xml] of await blogFeeds(parts.config, content.blog))
        if (output.files.get(`site/${path}`) !== xml) files.set(path, xml);
    for (const asset of content.assets)
      if (!parts.content.assets.some((a) => a.target === asset.target)) files.set(asset.target, asset.bytes);
    // The edited pages' twins and llms-full.txt; the others come back from the cache as they were.
    const markdown = await markdownTwins(
      { config: parts.config, content, reference: parts.reference, cache: parts.cache },
      {
        otherFiles: [...output.files.keys()].filter((p) => p.startsWith('site/')).map((p) => p.slice('site/'.length)),
        outDir: this.options.out,
      },
    );
    for (const [path, text] of markdown.files) if (output.files.get(`site/${path}`) !== text) files.set(path, text);
    const final = normalizeDiagnostics([...diagnostics, ...markdown.diagnostics, ...rendered.diagnostics]);
    if (countBySeverity(final).errors > 0)
      return {
        ok: false,
        files: new Map(),
        complete: false,
        diagnostics: final,
        rendered: [],
        ms: performance.now() - started,
      };

    const nextFiles = new Map(output.files);
    for (const [path, value] of files) nextFiles.set(`site/${path}`, value);
    // The search index follows the edit: built again from every page as it now is.
    const index = await reindexSite(parts, content, nextFiles);
    if (!index.ok)
      return {
        ok: false,
        files: new Map(),
        complete: false,
        diagnostics: normalizeDiagnostics([...final, ...index.diagnostics]),
        rendered: [],
        ms: performance.now() - started,
      };
    for (const [path, bytes] of index.files) files.set(path, bytes);

    // The edit is now the state the next one starts from.
    const nextParts: SiteParts = { ...parts, content };
    this.last = { output: { ...output, files: nextFiles, diagnostics: final, parts: nextParts }, parts: nextParts };
    return {
      ok: true,
      files,
      complete: false,
      diagnostics: final,
      rendered: [...routes],
      removed: index.removed,
      ms: performance.now() - started,
    };
  }
}
