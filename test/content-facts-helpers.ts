import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { createProcessor } from '@mdx-js/mdx';
import { htmlTagNames } from 'html-tag-names';
import type { Root, RootContent } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import { parseAllDocuments } from 'yaml';

// The content checks of test/content-facts.test.ts: what a page's code and text may not hold.

/** One thing found, as `file:line what`. */
export type Finding = string;

/** A word a page may write in angle brackets where it names an element, not a value to fill in. */
const TAGS = new Set(htmlTagNames);

/** `<lower-case-words>`: a name in angle brackets, as a placeholder is written. */
const BRACKETED = /<([a-z][a-z0-9]*(?:[-_][a-z0-9]+)*)>/g;

/** A fence's meta word that says the block shows placeholders on purpose (see content/docs/mdx.mdx). */
const PLACEHOLDERS_META = /(?:^|\s)placeholders(?:\s|$)/;

/**
 * The placeholders of a text, in order: a name in angle brackets that is neither an HTML element, nor
 * an element the same text closes (`<version>…</version>` in XML), nor a type argument right after a
 * name (`Promise<void>`), so the reader would have to invent it.
 */
export function placeholdersIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(BRACKETED)) {
    const name = match[1] as string;
    if (TAGS.has(name) || text.includes(`</${name}>`) || /\w/.test(text[match.index - 1] ?? '')) continue;
    found.push(match[0]);
  }
  return found;
}

/** The blocks of a code language that do not parse, with the parser's first complaint. */
export function unparsed(lang: 'json' | 'yaml', text: string): string | undefined {
  if (lang === 'json') {
    try {
      JSON.parse(text);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }
  const errors = parseAllDocuments(text).flatMap((doc) => ('errors' in doc ? doc.errors : []));
  return errors[0]?.message.split('\n')[0];
}

/** Every page file under `content/` (docs, standalone pages, blog), relative to the project. */
export async function contentPages(root: string): Promise<string[]> {
  const entries = await readdir(join(root, 'content'), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.mdx?$/.test(e.name) && e.parentPath !== join(root, 'content'))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();
}

/** A page's Markdown syntax tree, parsed as the site parses it. */
export async function parsePage(path: string): Promise<Root> {
  return parseMarkdown(await readFile(path, 'utf8'), path.endsWith('.md') ? 'md' : 'mdx');
}

/** The Markdown syntax tree of a page's text (`md` or `mdx`). */
export function parseMarkdown(text: string, format: 'md' | 'mdx'): Root {
  const processor = createProcessor({ format, remarkPlugins: [remarkFrontmatter, remarkGfm, remarkDirective] });
  return processor.parse(text) as Root;
}

type Node = Root | RootContent;

/** Every node of a tree, in document order. */
export function* nodes(node: Node): Generator<Node> {
  yield node;
  if ('children' in node) for (const child of node.children) yield* nodes(child);
}

/** The placeholders of one page: in code blocks (unless marked `placeholders`), inline code, text and element names. */
export function pagePlaceholders(file: string, tree: Root): Finding[] {
  const out: Finding[] = [];
  for (const node of nodes(tree)) {
    const at = `${file}:${node.position?.start.line ?? 0}`;
    if (node.type === 'code') {
      if (PLACEHOLDERS_META.test(node.meta ?? '')) continue;
      for (const placeholder of placeholdersIn(node.value)) out.push(`${at} ${placeholder}`);
    } else if (node.type === 'inlineCode' || node.type === 'text') {
      for (const placeholder of placeholdersIn(node.value)) out.push(`${at} ${placeholder}`);
    } else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) {
      // A lower-case name that is not HTML is a placeholder MDX took for an element.
      if (/^[a-z]/.test(node.name) && !TAGS.has(node.name)) out.push(`${at} <${node.name}>`);
    }
  }
  return out;
}

/** The JSON and YAML blocks of one page that do not parse. */
export function pageUnparsed(file: string, tree: Root): Finding[] {
  const out: Finding[] = [];
  for (const node of nodes(tree)) {
    if (node.type !== 'code') continue;
    const lang = node.lang === 'yml' ? 'yaml' : node.lang;
    if (lang !== 'json' && lang !== 'yaml') continue;
    const problem = unparsed(lang, node.value);
    if (problem !== undefined) out.push(`${file}:${node.position?.start.line ?? 0} ${lang}: ${problem}`);
  }
  return out;
}
