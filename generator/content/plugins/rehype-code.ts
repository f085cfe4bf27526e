import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import { bundledLanguages, createHighlighter, type Highlighter } from 'shiki';
import { walk } from './walk.js';
import { HIGHLIGHTED_CODE_TAG } from '../../../templates/mdx/component-names.js';
import type { VFile } from 'vfile';
import { pageState } from './page-state.js';
import type { PageReport } from './report.js';

export const CODE_THEMES = { light: 'github-light', dark: 'github-dark' } as const;
const PLAIN = 'text';
/** Longer lines (minified data, say) are shown uncoloured. */
const MAX_HIGHLIGHTED_LINE = 20_000;

let highlighter: Promise<Highlighter> | undefined;

/** One highlighter for the whole build; languages load the first time a page uses them. */
export function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({ themes: [CODE_THEMES.light, CODE_THEMES.dark], langs: [] });
  return highlighter;
}

export interface CodeMeta {
  title: string | undefined;
  /** 1-based line numbers to highlight. */
  highlight: Set<number>;
}

/** Reads ```` ```lang title="…" {1,3-5} ```` meta strings. */
export function parseCodeMeta(meta: string | undefined): CodeMeta {
  const text = meta ?? '';
  const title = /title=(?:"([^"]*)"|'([^']*)')/.exec(text);
  const highlight = new Set<number>();
  const ranges = /\{([\d,\s-]+)\}/.exec(text)?.[1] ?? '';
  for (const part of ranges.split(',')) {
    const [from, to] = part.trim().split('-').map(Number);
    if (from === undefined || Number.isNaN(from)) continue;
    for (let line = from; line <= (to !== undefined && !Number.isNaN(to) ? to : from); line++) highlight.add(line);
  }
  return { title: title?.[1] ?? title?.[2], highlight };
}

/**
 * Highlights fenced code at build time (light and dark colours in one markup, switched by CSS) and
 * wraps it with its title and a copy button, so readers get coloured code without JavaScript.
 *
 * The block goes into the page tree as HTML (`HIGHLIGHTED_CODE_TAG`), not as shiki's tree: that has
 * an element and a style string for every token, which the renderer would parse back into React
 * elements and style objects on every page render, only to print them again as the same HTML.
 */
export function rehypeCode() {
  return async (tree: Root, file: VFile): Promise<void> => {
    const { report } = pageState(file);
    const blocks: Array<{ pre: Element; code: Element; parent: Element | Root; index: number }> = [];
    walk(tree, (node, index, parent) => {
      if (node.type !== 'element') return;
      const code =
        node.tagName === 'pre'
          ? node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code')
          : undefined;
      if (code && parent && index !== undefined)
        blocks.push({ pre: node, code, parent: parent as Element | Root, index });
    });
    if (blocks.length === 0) return;
    const shiki = await getHighlighter();
    for (const block of blocks) {
      const classes = Array.isArray(block.code.properties.className) ? block.code.properties.className.map(String) : [];
      const requested = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length);
      const lang = await loadLanguage(shiki, requested, block.pre, report);
      const meta = parseCodeMeta((block.code.data as { meta?: string } | undefined)?.meta);
      const source = toString(block.code).replace(/\n$/, '');
      const root = shiki.codeToHast(source, {
        lang,
        themes: CODE_THEMES,
        // shiki stops tokenizing a line after 500 ms by default and leaves the rest uncoloured: on a
        // busy machine, the first line of a language (while its grammar's expressions compile) came
        // out differently from one build to the next. A limit on length, which the text alone
        // decides, guards against pathological lines instead.
        tokenizeTimeLimit: 0,
        tokenizeMaxLineLength: MAX_HIGHLIGHTED_LINE,
        transformers: [
          {
            line: (line, number) =>
              meta.highlight.has(number)
                ? { ...line, properties: { ...line.properties, class: 'line highlighted' } }
                : line,
          },
        ],
      });
      block.parent.children[block.index] = codeBlock(root.children[0] as Element, meta.title, requested ?? PLAIN);
    }
  };
}

async function loadLanguage(
  shiki: Highlighter,
  requested: string | undefined,
  node: Element,
  report: PageReport,
): Promise<string> {
  if (requested === undefined || requested === PLAIN || requested === 'txt' || requested === 'plaintext') return PLAIN;
  if (shiki.getLoadedLanguages().includes(requested)) return requested;
  if (requested in bundledLanguages) {
    await shiki.loadLanguage(requested as keyof typeof bundledLanguages);
    return requested;
  }
  report.add(
    node,
    'warning',
    'code-language',
    `unknown code language "${requested}"; the block is shown without highlighting`,
  );
  return PLAIN;
}

/**
 * The block's title, code and copy button as HTML, from shiki's tree: every text in it is escaped
 * by `toHtml`, so the page's code is shown, never parsed as markup.
 */
function codeBlock(pre: Element, title: string | undefined, lang: string): Element {
  const children: ElementContent[] = [];
  if (title)
    children.push({
      type: 'element',
      tagName: 'div',
      properties: { className: ['code-block-title'] },
      children: [{ type: 'text', value: title }],
    });
  children.push(pre, {
    type: 'element',
    tagName: 'button',
    properties: { type: 'button', className: ['copy-button'], ariaLabel: 'Copy code to clipboard', title: 'Copy' },
    children: [{ type: 'text', value: 'Copy' }],
  });
  return {
    type: 'element',
    tagName: HIGHLIGHTED_CODE_TAG,
    properties: { language: lang, html: toHtml(children) },
    children: [],
  };
}
