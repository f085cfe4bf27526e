import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { RootContent as MdastContent } from 'mdast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { htmlTagNames } from 'html-tag-names';
import { unified } from 'unified';
import { SAFE_SCHEMES } from '../../templates/url-policy.js';
import { rewriteUrls, type UrlResolver } from './markdown-urls.js';
import { nestsTooDeep } from './markdown-depth.js';
import { textOf } from './markdown-text.js';

export type { UrlResolver } from './markdown-urls.js';

/**
 * GitHub's safe subset, with the site's URL policy for links: a link with another scheme is left as its
 * text. Elements outside the subset are unwrapped, so their text stays; only script and style lose
 * their content too, which is code rather than text.
 */
const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...SAFE_SCHEMES] },
  strip: ['script', 'style'],
};
const parser = unified().use(remarkParse).use(remarkGfm);
const plain = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, schema);
/** Only for text that holds HTML: parsing the tree again as HTML costs as much as the rest together. */
const withHtml = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSanitize, schema);

export interface MarkdownOptions {
  /** One paragraph is given as its content (for a sentence inside other text). */
  inline?: boolean;
  /** Where a link or image without a scheme points (undefined: its text only). Without it they stay as written. */
  resolveUrl?: UrlResolver;
  /** Links are shown as their text: for a heading, or text that sits inside a link. */
  noLinks?: boolean;
}

/** CommonMark (with GFM and HTML) from an untrusted source, as a sanitized hast tree. */
function sanitizedTree(text: string): Root {
  if (nestsTooDeep(text)) return asParagraph(text.trim());
  const mdast = parser.parse(text);
  const processor = hasHtml(mdast.children, false, closedNames(text)) ? withHtml : plain;
  return processor.runSync(mdast) as Root;
}

function asParagraph(text: string): Root {
  return {
    type: 'root',
    children: [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: text }] }],
  };
}

/**
 * CommonMark (with GFM) from an untrusted source, as React elements. HTML written in it is parsed, then
 * rehype-sanitize keeps only GitHub's safe subset (no scripts, event handlers or URLs outside the
 * site's policy) and the text of everything else, so nothing in the text can run in a reader's browser.
 */
export function markdownToReact(text: string, options: MarkdownOptions = {}): ReactNode {
  const tree = sanitizedTree(text);
  if (options.resolveUrl || options.noLinks) rewriteUrls(tree, options.resolveUrl, options.noLinks === true);
  const only = tree.children.filter((n) => !(n.type === 'text' && n.value.trim() === ''));
  const root: Root =
    options.inline && only.length === 1 && only[0]?.type === 'element' && (only[0] as Element).tagName === 'p'
      ? { type: 'root', children: (only[0] as Element).children }
      : tree;
  return toJsxRuntime(root, { Fragment, jsx, jsxs });
}

/**
 * Inline Markdown (a summary) as React elements: phrasing only (emphasis, code, strike-through), links
 * as their text, block structure flattened, so it fits in a heading.
 */
export function inlineMarkdownToReact(text: string): ReactNode {
  const tree = sanitizedTree(text);
  rewriteUrls(tree, undefined, true);
  return toJsxRuntime({ type: 'root', children: oneLine(phrasing(tree.children)) }, { Fragment, jsx, jsxs });
}

/** What a reader sees of the Markdown, as one line of plain text: for labels, titles and meta descriptions. */
export function markdownToText(text: string): string {
  return textOf(sanitizedTree(text));
}

const PHRASING = new Set(['a', 'abbr', 'b', 'code', 'del', 'em', 'i', 'kbd', 'q', 's', 'samp', 'strong', 'sub', 'sup']);

/** Phrasing content only: a block element gives its content, separated by a space from the next. */
function phrasing(nodes: readonly (RootContent | ElementContent)[]): ElementContent[] {
  const out: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type === 'text') out.push(node);
    else if (node.type === 'element' && PHRASING.has(node.tagName))
      out.push({ ...node, children: phrasing(node.children) });
    else if (node.type === 'element') {
      const inner = phrasing(node.children);
      if (inner.length === 0) continue;
      if (out.length > 0) out.push({ type: 'text', value: ' ' });
      out.push(...inner);
    }
  }
  return out;
}

/**
 * A tag inside a sentence whose attributes are all bare words (`<main request name>`, `<pool name>`) is
 * a placeholder written as prose, not HTML: parsed, its words would vanish (and a block name such as
 * `main` would end the paragraph), so it is shown as written.
 */
const PLACEHOLDER = /^<[a-z][a-z\d-]*(?:\s+[a-z][\w-]*)+\s*>$/i;

/** Adjacent text joined and every run of white space made one space, trimmed at both ends: one line. */
function oneLine(nodes: ElementContent[]): ElementContent[] {
  const out: ElementContent[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else out.push(node.type === 'text' ? { ...node } : node);
  }
  for (const node of out) if (node.type === 'text') node.value = node.value.replace(/\s+/g, ' ');
  const [first, end] = [out[0], out.at(-1)];
  if (first?.type === 'text') first.value = first.value.trimStart();
  if (end?.type === 'text') end.value = end.value.trimEnd();
  return out.filter((node) => node.type !== 'text' || node.value !== '');
}

/**
 * A lone tag inside a sentence that names no HTML element and is never closed (`<hostname>`,
 * `<subrequest>`) is a placeholder too: parsed, it would vanish with nothing in its place.
 */
const LONE_TAG = /^<([a-z][a-z\d-]*)\s*>$/i;
const ELEMENTS: ReadonlySet<string> = new Set(htmlTagNames);

/** The names of the tags the text closes somewhere (`</name>`), lower-cased. */
function closedNames(text: string): Set<string> {
  return new Set([...text.matchAll(/<\/([a-z][a-z\d-]*)\s*>/gi)].map((m) => (m[1] as string).toLowerCase()));
}

function isPlaceholder(tag: string, closed: ReadonlySet<string>): boolean {
  if (PLACEHOLDER.test(tag)) return !/^<(?:br|hr|wbr|img)\b/i.test(tag);
  const name = LONE_TAG.exec(tag)?.[1]?.toLowerCase();
  return name !== undefined && !ELEMENTS.has(name) && !closed.has(name);
}

/** True when the text holds HTML; placeholders inside sentences become text on the way. */
function hasHtml(nodes: MdastContent[], inSentence: boolean, closed: ReadonlySet<string>): boolean {
  let found = false;
  for (const node of nodes) {
    if (node.type === 'html') {
      if (inSentence && isPlaceholder(node.value, closed)) (node as unknown as { type: string }).type = 'text';
      else found = true;
    } else if ('children' in node && hasHtml(node.children as MdastContent[], SENTENCES.has(node.type), closed))
      found = true;
  }
  return found;
}

const SENTENCES = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link']);
