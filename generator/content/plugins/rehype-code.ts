import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import { walk } from './walk.js';
import { HIGHLIGHTED_CODE_TAG } from '../../../templates/mdx/component-names.js';
import type { VFile } from 'vfile';
import { COLOURED_HERE, type CodeColours } from '../code-colours.js';
import { knownLanguage, PLAIN } from './highlighter.js';
import { pageState } from './page-state.js';
import type { PageReport } from './report.js';

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
export function rehypeCode(options: { colours?: CodeColours } = {}) {
  const colours = options.colours ?? COLOURED_HERE;
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
    const found = blocks.map((block) => {
      const classes = Array.isArray(block.code.properties.className) ? block.code.properties.className.map(String) : [];
      const requested = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length);
      const meta = parseCodeMeta((block.code.data as { meta?: string } | undefined)?.meta);
      return {
        ...block,
        requested,
        meta,
        colour: {
          code: toString(block.code).replace(/\n$/, ''),
          lang: language(requested, block.pre, report),
          highlight: [...meta.highlight],
        },
      };
    });
    const coloured = await colours.colour(found.map((block) => block.colour));
    found.forEach((block, i) => {
      block.parent.children[block.index] = codeBlock(coloured[i] ?? '', block.meta.title, block.requested ?? PLAIN);
    });
  };
}

/** The grammar to colour a block with: `text` when none is named or shiki has none of that name (a warning). */
function language(requested: string | undefined, node: Element, report: PageReport): string {
  if (requested === undefined || requested === PLAIN || requested === 'txt' || requested === 'plaintext') return PLAIN;
  if (knownLanguage(requested)) return requested;
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
function codeBlock(pre: string, title: string | undefined, lang: string): Element {
  const heading: ElementContent[] = title
    ? [
        {
          type: 'element',
          tagName: 'div',
          properties: { className: ['code-block-title'] },
          children: [{ type: 'text', value: title }],
        },
      ]
    : [];
  const button: Element = {
    type: 'element',
    tagName: 'button',
    properties: { type: 'button', className: ['copy-button'], ariaLabel: 'Copy code to clipboard', title: 'Copy' },
    children: [{ type: 'text', value: 'Copy' }],
  };
  return {
    type: 'element',
    tagName: HIGHLIGHTED_CODE_TAG,
    // `pre` is shiki's tree as `toHtml` printed it, where the block was coloured.
    properties: { language: lang, html: toHtml(heading) + pre + toHtml(button) },
    children: [],
  };
}
