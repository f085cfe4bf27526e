import { createRequire } from 'node:module';
import type { MDXContent } from 'mdx/types';
import { sha256, type BuildCache } from '../cache/store.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { MdxContext, MdxOutput } from './mdx.js';
import { loadAsset } from './plugins/remark-links.js';
import type { Asset, CompiledPage, PageSource } from './types.js';

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
interface CachedPage extends Omit<MdxOutput, 'assets' | 'code'> {
  code: string;
  routes: Array<[string, string | null]>;
  images: Array<{ source: string; target: string }>;
  contracts: string | null;
}

/** Markdown/MDX → a React component, with the page's headings, table of contents and links. */
export async function compilePage(page: PageSource, context: CompileContext): Promise<CompileResult> {
  const { cache } = context;
  const key = cache.key('page', page.file, page.display, page.route, page.format, page.text, context.baseUrl, JSON.stringify(context.toc), [...context.components].sort().join(','));
  const cached = await cache.get<CachedPage>('pages', key);
  if (cached && (await stillValid(cached, context))) {
    return { page: toPage(page, cached.code, cached), diagnostics: cached.diagnostics };
  }

  const routes = new Map<string, string | null>();
  let contractsUsed = false;
  const { compileMdx } = await import('./mdx.js');
  const output = await compileMdx(page, {
    ...context,
    fileRoutes: { get: (path) => recordRoute(routes, path, context.fileRoutes.get(path)) },
    contracts: watched(context.contracts, () => (contractsUsed = true)),
  });
  if (output.code === undefined) return { page: undefined, diagnostics: output.diagnostics };
  const entry: CachedPage = {
    code: output.code,
    anchors: output.anchors,
    toc: output.toc,
    links: output.links,
    diagnostics: output.diagnostics,
    routes: [...routes],
    images: output.assets.map((asset) => ({ source: asset.source, target: asset.target })),
    contracts: contractsUsed ? context.contracts.identity() : null,
  };
  await cache.set('pages', key, entry);
  return { page: toPage(page, output.code, entry), diagnostics: output.diagnostics };
}

async function stillValid(entry: CachedPage, context: CompileContext): Promise<boolean> {
  if (entry.contracts !== null && entry.contracts !== context.contracts.identity()) return false;
  if (entry.routes.some(([path, route]) => (context.fileRoutes.get(path) ?? null) !== route)) return false;
  for (const image of entry.images) {
    // Read again (the writer needs the bytes anyway); an edited image has another hash, so another name.
    const asset: Asset | undefined = await loadAsset(image.source, context.assets);
    if (asset?.target !== image.target) return false;
  }
  return true;
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

function toPage(page: PageSource, code: string, entry: Pick<CachedPage, 'anchors' | 'toc' | 'links' | 'contracts'>): CompiledPage {
  return { ...page, Content: lazyContent(code), codeHash: sha256(code), usesContracts: entry.contracts !== null, anchors: new Set(entry.anchors), toc: entry.toc, links: entry.links };
}

/**
 * The page's component, made from its code the first time it renders: a page whose HTML comes from
 * the render cache never needs it. This is what @mdx-js/mdx's `runSync` does, without loading the
 * compiler. The code is MDX's own output for a tree remarkSafety has checked: JSX calls of known
 * components and literal values, no expressions or imports from the page, so it runs synchronously.
 */
function lazyContent(code: string): MDXContent {
  let content: MDXContent | undefined;
  return (props) => {
    if (!content) {
      // React's JSX runtime is CommonJS, so it loads here, synchronously, only when a page renders.
      const runtime = createRequire(import.meta.url)('react/jsx-runtime') as object;
      content = (new Function(code) as (scope: object) => { default: MDXContent })({ ...runtime, baseUrl: import.meta.url }).default;
    }
    return content(props);
  };
}
