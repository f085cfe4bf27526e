import { sha256, type BuildCache } from '../cache/store.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { MdxContext, MdxOutput } from './mdx.js';
import { pageContent } from './page-tree.js';
import { loadImage, type ImageContext } from './images.js';
import type { Asset, CompiledPage, PageSource } from './types.js';
import { stepKey } from '../cache/step-key.js';

export interface CompileContext extends MdxContext {
  cache: BuildCache;
}

export interface CompileResult {
  page: CompiledPage | undefined;
  diagnostics: Diagnostic[];
}

/**
 * A compiled page in the cache, with what its compilation looked at beyond its own text: the routes
 * of the Markdown files it links to, the images it embeds and, if it names any, the contracts.
 * An entry is used only when all of those are still what they were.
 */
export interface CachedPage extends Omit<MdxOutput, 'assets' | 'tree' | 'twin'> {
  tree: string;
  twin: string;
  /** sha256 of `tree`, kept so that a page from the cache is not hashed again. */
  treeHash: string;
  routes: Array<[string, string | null]>;
  images: Array<{ source: string; target: string }>;
  contracts: string | null;
}

/** A page compiled now: its entry, or only the diagnostics that stopped it; and whether it asked the contracts anything. */
export interface FreshPage {
  entry: CachedPage | undefined;
  diagnostics: Diagnostic[];
  usedContracts: boolean;
}

/** Markdown/MDX → a React component, with the page's headings, table of contents and links. */
export async function compilePage(page: PageSource, context: CompileContext): Promise<CompileResult> {
  return (await lookupPage(page, context)) ?? storePage(page, context, await compileFresh(page, context));
}

/** The page from the cache, if its entry is there and still valid. */
export async function lookupPage(page: PageSource, context: CompileContext): Promise<CompileResult | undefined> {
  // Without a cache (`--no-cache`), no page's key is worked out (hashing its text and options).
  if (!context.cache.enabled) return undefined;
  const cached = await context.cache.get<CachedPage>('pages', pageKey(page, context));
  if (cached && (await stillValid(cached, context)))
    return { page: toPage(page, cached), diagnostics: cached.diagnostics };
  return undefined;
}

/** Compiles the page, without the cache: what a second thread can do for the build (`context` is then that thread's). */
export async function compileFresh(page: PageSource, context: MdxContext): Promise<FreshPage> {
  const routes = new Map<string, string | null>();
  let usedContracts = false;
  const { compileMdx } = await import('./mdx.js');
  const output = await compileMdx(page, context, {
    fileRoutes: { get: (path) => recordRoute(routes, path, context.fileRoutes.get(path)) },
    contracts: watched(context.contracts, () => (usedContracts = true)),
  });
  if (output.tree === undefined || output.twin === undefined)
    return { entry: undefined, diagnostics: output.diagnostics, usedContracts };
  const entry: CachedPage = {
    tree: output.tree,
    twin: output.twin,
    treeHash: sha256(output.tree),
    anchors: output.anchors,
    toc: output.toc,
    links: output.links,
    diagnostics: output.diagnostics,
    routes: [...routes],
    images: output.assets.map((asset) => ({ source: asset.source, target: asset.target })),
    contracts: usedContracts ? context.contracts.identity() : null,
  };
  return { entry, diagnostics: output.diagnostics, usedContracts };
}

/** Keeps a freshly compiled page in the cache and makes it the build's. */
export async function storePage(page: PageSource, context: CompileContext, fresh: FreshPage): Promise<CompileResult> {
  if (!fresh.entry) return { page: undefined, diagnostics: fresh.diagnostics };
  if (context.cache.enabled) await context.cache.set('pages', pageKey(page, context), fresh.entry);
  return { page: toPage(page, fresh.entry), diagnostics: fresh.diagnostics };
}

/**
 * Whether a page compiled by another thread saw the images this thread reads now (and adds them to
 * the build's assets): an image changed in between means compiling the page again here.
 */
export async function sameImages(entry: CachedPage, context: ImageContext): Promise<boolean> {
  for (const image of entry.images) {
    const now = await loadImage(image.source, context);
    if (!now.ok || now.asset.target !== image.target) return false;
  }
  return true;
}

function pageKey(page: PageSource, context: CompileContext): string {
  return stepKey(context.cache, 'page', {
    file: page.file,
    display: page.display,
    route: page.route,
    format: page.format,
    text: page.text,
    baseUrl: context.baseUrl,
    toc: context.toc,
    // A page kept under a larger budget is checked again under a smaller one.
    budget: context.budget,
    components: [...context.components].sort(),
  });
}

async function stillValid(entry: CachedPage, context: CompileContext): Promise<boolean> {
  if (entry.contracts !== null && entry.contracts !== context.contracts.identity()) return false;
  if (entry.routes.some(([path, route]) => (context.fileRoutes.get(path) ?? null) !== route)) return false;
  // Read again (the writer needs the bytes anyway); an edited image has another hash, so another name.
  return sameImages(entry, context);
}

function recordRoute(routes: Map<string, string | null>, path: string, route: string | undefined): string | undefined {
  routes.set(path, route ?? null);
  return route;
}

/** The lookup as it is, telling `onUse` when a page asks it anything. */
function watched<T extends object>(target: T, onUse: () => void): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        onUse();
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}

function toPage(
  page: PageSource,
  entry: Pick<CachedPage, 'tree' | 'twin' | 'treeHash' | 'anchors' | 'toc' | 'links' | 'contracts'>,
): CompiledPage {
  return {
    ...page,
    Content: pageContent(entry.tree),
    tree: entry.tree,
    twin: entry.twin,
    contentHash: entry.treeHash,
    usesContracts: entry.contracts !== null,
    anchors: new Set(entry.anchors),
    toc: entry.toc,
    links: entry.links,
  };
}
