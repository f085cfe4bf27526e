import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, resolve } from 'node:path';
import type { Image, Link, Root } from 'mdast';
import { walk } from './walk.js';
import { displayPath } from '../../sources/display-path.js';
import { normalizeRoute } from '../routes.js';
import type { Asset } from '../types.js';
import type { VFile } from 'vfile';
import { pageState, type PageState } from './page-state.js';
import { isExternalUrl, isSafeUrl, withBase } from './urls.js';

/** The site's part of what links are rewritten with; the page's is its `PageState`. */
export interface LinkOptions {
  baseUrl: string;
  /** Shared by all pages so that an image used twice is read once. */
  assets: Map<string, Asset>;
}

type LinkContext = LinkOptions & Pick<PageState, 'report' | 'file' | 'route' | 'fileRoutes' | 'links' | 'pageAssets'>;

const MARKDOWN_FILE = /\.mdx?$/i;

/**
 * Rewrites the page's links and images to site paths under the base URL and records each link for
 * the checks that need every page: links to Markdown files become routes, images are copied with
 * a content hash in their name.
 */
export function remarkLinks(options: LinkOptions) {
  return async (tree: Root, file: VFile): Promise<void> => {
    const context: LinkContext = { ...options, ...pageState(file) };
    const images: Image[] = [];
    walk(tree, (node) => {
      if (node.type === 'link') rewriteLink(node, context);
      else if (node.type === 'image') images.push(node);
    });
    for (const image of images) await rewriteImage(image, context);
  };
}

function rewriteLink(node: Link, context: LinkContext): void {
  const start = node.position?.start ?? { line: 1, column: 1 };
  const at = { line: start.line, column: start.column };
  if (!isSafeUrl(node.url)) {
    context.report.add(node, 'error', 'unsafe-url', `"${node.url.slice(0, 60)}" is not an allowed link (http, https, mailto, tel or a path)`);
    node.url = '#';
    return;
  }
  if (isExternalUrl(node.url)) return;
  const [beforeHash, ...rest] = node.url.split('#');
  const hash = rest.length > 0 ? rest.join('#') : undefined;
  const path = (beforeHash ?? '').split('?')[0] ?? '';
  if (path === '') {
    context.links.push({ url: node.url, route: context.route, hash, markdown: false, ...at });
    return;
  }
  if (MARKDOWN_FILE.test(path) && !path.startsWith('/')) {
    const target = context.fileRoutes.get(resolve(dirname(context.file), safeDecode(path)));
    context.links.push({ url: node.url, route: target, hash, markdown: true, ...at });
    if (target !== undefined) node.url = withBase(context.baseUrl, target) + (hash !== undefined ? `#${hash}` : '');
    return;
  }
  const absolute = path.startsWith('/') ? path : new URL(path, `http://site${context.route}`).pathname;
  // Links to files (`/openapi.yaml`) are not pages; keep them for the base URL but do not check anchors.
  const route = extname(absolute) === '' ? normalizeRoute(absolute) : undefined;
  context.links.push({ url: node.url, route, hash, markdown: false, ...at });
  node.url = withBase(context.baseUrl, absolute) + node.url.slice(path.length);
}

async function rewriteImage(node: Image, context: LinkContext): Promise<void> {
  if (!isSafeUrl(node.url)) {
    context.report.add(node, 'error', 'unsafe-url', `"${node.url.slice(0, 60)}" is not an allowed image URL`);
    node.url = '';
    return;
  }
  if (isExternalUrl(node.url) || node.url.startsWith('/') || node.url.startsWith('data:')) return;
  const source = resolve(dirname(context.file), safeDecode(node.url.split(/[?#]/)[0] ?? ''));
  const asset = await loadAsset(source, context.assets);
  if (!asset) {
    context.report.add(node, 'error', 'missing-image', `image "${node.url}" not found (looked for ${displayPath(source)})`);
    return;
  }
  context.pageAssets.push(asset);
  node.url = withBase(context.baseUrl, `/${asset.target}`);
}

/**
 * An image, read and named by its content hash; undefined when it cannot be read. One used by
 * several pages is read once (`known`), and its bytes go straight to the writer.
 */
export async function loadAsset(source: string, known: Map<string, Asset>): Promise<Asset | undefined> {
  let asset = known.get(source);
  if (!asset) {
    let bytes: Buffer;
    try {
      bytes = await readFile(source);
    } catch {
      return undefined;
    }
    const ext = extname(source);
    asset = { source, target: `assets/images/${basename(source, ext)}.${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}${ext.toLowerCase()}`, bytes };
    known.set(source, asset);
  }
  return asset;
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
