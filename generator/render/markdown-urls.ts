import type { Element, ElementContent, Root } from 'hast';
import { isExternalUrl } from '../../templates/url-policy.js';

/** Where a URL without a scheme written in untrusted text points: the URL to use, or undefined for none. */
export type UrlResolver = (url: string) => string | undefined;

/**
 * Gives each link and image without a scheme the URL `resolve` says, or, when it says none, replaces
 * the link by its text and the image by its alternative text; with `noLinks`, every link is its text.
 * URLs with a scheme have already been held to the site's policy by the sanitizer.
 */
export function rewriteUrls(tree: Root, resolve: UrlResolver | undefined, noLinks: boolean): void {
  tree.children = rewrite(tree.children as ElementContent[], resolve, noLinks);
}

function rewrite(nodes: ElementContent[], resolve: UrlResolver | undefined, noLinks: boolean): ElementContent[] {
  return nodes.flatMap((node): ElementContent[] => {
    if (node.type !== 'element') return [node];
    node.children = rewrite(node.children, resolve, noLinks);
    if (node.tagName === 'a') return link(node, resolve, noLinks);
    if (node.tagName === 'img') return image(node, resolve);
    return [node];
  });
}

function link(node: Element, resolve: UrlResolver | undefined, noLinks: boolean): ElementContent[] {
  const href = node.properties.href;
  // A link the sanitizer took the URL from (`javascript:`…) is no link at all.
  if (noLinks || typeof href !== 'string') return node.children;
  if (!resolve || isExternalUrl(href)) return [node];
  const resolved = resolve(href);
  if (resolved === undefined) return node.children;
  node.properties.href = resolved;
  return [node];
}

function image(node: Element, resolve: UrlResolver | undefined): ElementContent[] {
  const src = node.properties.src;
  if (typeof src !== 'string' || !resolve || isExternalUrl(src)) return [node];
  const resolved = resolve(src);
  if (resolved !== undefined) {
    node.properties.src = resolved;
    return [node];
  }
  const alt = node.properties.alt;
  return typeof alt === 'string' && alt !== '' ? [{ type: 'text', value: alt }] : [];
}
