import { dirname, extname, resolve } from 'node:path';
import type { Definition, Image, Link, Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { loadImage, type ImageContext } from '../images.js';
import { outsideProjectMessage, PATH_OUTSIDE_PROJECT } from '../../sources/project-path.js';
import { walk } from './walk.js';
import { displayPath } from '../../sources/display-path.js';
import { safeDecode } from '../../sources/safe-decode.js';
import { normalizeRoute } from '../routes.js';
import type { VFile } from 'vfile';
import { pageState, type PageState } from './page-state.js';
import { isExternalUrl, isSafeUrl, withBase } from './urls.js';

/** The site's part of what links are rewritten with; the page's is its `PageState`. */
export interface LinkOptions extends ImageContext {
  baseUrl: string;
}

interface Positioned {
  position?: { start: { line: number; column: number } } | undefined;
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
    const images: Array<Image | MdxJsxFlowElement | MdxJsxTextElement> = [];
    // A reference-style link or image (`[text][id]`, `![alt][id]`) takes its URL from the definition
    // (`[id]: ./other.mdx`): the definition is rewritten as what uses it, an image if any image does.
    const definitions: Definition[] = [];
    const imageIds = new Set<string>();
    walk(tree, (node) => {
      if (node.type === 'link') rewriteLink(node, context);
      else if (node.type === 'definition') definitions.push(node);
      else if (node.type === 'imageReference') imageIds.add(node.identifier);
      else if (
        node.type === 'image' ||
        ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'img')
      )
        images.push(node);
    });
    const definedImages: Definition[] = [];
    for (const definition of definitions)
      // An unsafe one is reported by the safety check already.
      if (!isSafeUrl(definition.url)) definition.url = '#';
      else if (imageIds.has(definition.identifier)) definedImages.push(definition);
      else rewriteLink(definition, context);
    // One after another: a page with many images holds one file open at a time.
    for (const image of [...images, ...definedImages])
      await (image.type === 'image' || image.type === 'definition'
        ? rewriteImage(image, context)
        : rewriteJsxImage(image, context));
  };
}

function rewriteLink(node: Link | Definition, context: LinkContext): void {
  const start = node.position?.start ?? { line: 1, column: 1 };
  const at = { line: start.line, column: start.column };
  if (!isSafeUrl(node.url)) {
    context.report.add(
      node,
      'error',
      'unsafe-url',
      `"${node.url.slice(0, 60)}" is not an allowed link (http, https, mailto, tel or a path)`,
    );
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
    const target = context.fileRoutes.get(resolve(dirname(context.file), safeDecode(path, decodeURI)));
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

async function rewriteImage(node: Image | Definition, context: LinkContext): Promise<void> {
  if (!isSafeUrl(node.url)) {
    context.report.add(node, 'error', 'unsafe-url', `"${node.url.slice(0, 60)}" is not an allowed image URL`);
    node.url = '';
    return;
  }
  node.url = await publishedImage(node.url, node, context);
}

/**
 * `<img src="./diagram.svg">` written as HTML in MDX: a file beside the page is read and published
 * as a Markdown image is, under the same checks. Other values (URLs, site paths) are left to the
 * safety checks; an expression was refused there already.
 */
async function rewriteJsxImage(node: MdxJsxFlowElement | MdxJsxTextElement, context: LinkContext): Promise<void> {
  const src = node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === 'src');
  if (typeof src?.value !== 'string' || !isSafeUrl(src.value)) return;
  src.value = await publishedImage(src.value, src.position ? src : node, context);
}

/** The site URL of an image a page names: files beside the page are checked, copied and renamed by content hash. */
async function publishedImage(url: string, node: Positioned, context: LinkContext): Promise<string> {
  if (isExternalUrl(url) || url.startsWith('/') || url.startsWith('data:') || url.startsWith('#') || url === '')
    return url;
  const asWritten = url.split(/[?#]/)[0] ?? '';
  const source = resolve(dirname(context.file), safeDecode(asWritten, decodeURI));
  const image = await loadImage(source, context);
  if (image.ok) {
    context.pageAssets.push(image.asset);
    return withBase(context.baseUrl, `/${image.asset.target}`);
  }
  if (image.rule === 'missing-image')
    context.report.add(node, 'error', 'missing-image', `image "${url}" not found (looked for ${displayPath(source)})`);
  else if (image.rule === PATH_OUTSIDE_PROJECT)
    context.report.add(node, 'error', PATH_OUTSIDE_PROJECT, outsideProjectMessage('image', url, image.why));
  else context.report.add(node, 'error', image.rule, `image "${url}" ${image.problem ?? ''}`);
  return url;
}
