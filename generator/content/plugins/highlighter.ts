import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  bundledLanguages,
  createHighlighter,
  createOnigurumaEngine,
  type BundledLanguage,
  type Highlighter,
} from 'shiki';
import { rememberingEngine, rememberingMatches } from './match-memo.js';

export const CODE_THEMES = { light: 'github-light', dark: 'github-dark' } as const;
export const PLAIN = 'text';
/** Longer lines (minified data, say) are shown uncoloured. */
const MAX_HIGHLIGHTED_LINE = 20_000;

let highlighter: Promise<Highlighter> | undefined;

/** One highlighter for the whole build (on each thread); languages load the first time a page uses them. */
export function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({
    themes: [CODE_THEMES.light, CODE_THEMES.dark],
    langs: [],
    // shiki's own engine (Oniguruma), remembering a block's searches for its second theme. Its
    // WebAssembly read as the file shiki ships: `shiki/wasm` holds the same bytes gzipped in base64,
    // whose decoding (and the web streams it loads) took 40-75 ms of every build that colours code.
    // Handed over as an instantiator: given the bytes, shiki first asks whether they are a fetch
    // `Response`, and merely naming that global makes Node load its HTTP client (undici, with TLS):
    // 30-60 ms of every thread that colours, an edit's included.
    engine: createOnigurumaEngine(
      readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm')).then((wasm) => ({
        instantiator: (imports?: WebAssembly.Imports) => WebAssembly.instantiate(wasm, imports),
      })),
    ).then(rememberingEngine),
  });
  return highlighter;
}

/** One fenced block to colour: its text, a grammar shiki has (`knownLanguage`) or `text`, and the lines to mark. */
export interface CodeToColour {
  code: string;
  lang: string;
  /** 1-based line numbers to highlight. */
  highlight: number[];
}

/**
 * Whether shiki has a grammar of this name: decided without loading any (the build's thread may never
 * load one). Its own keys only: `constructor` or `__proto__` is a name like any other, not a grammar.
 */
export function knownLanguage(lang: string): lang is BundledLanguage {
  return Object.hasOwn(bundledLanguages, lang);
}

/**
 * Each block's `<pre>` as HTML, light and dark colours in one markup (switched by CSS). Every text
 * in it is escaped by `toHtml`, so the page's code is shown, never parsed as markup.
 */
export async function colourBlocks(blocks: readonly CodeToColour[]): Promise<string[]> {
  const shiki = await getHighlighter();
  const html: string[] = [];
  for (const block of blocks) {
    const { lang } = block;
    if (lang !== PLAIN && !shiki.getLoadedLanguages().includes(lang)) await shiki.loadLanguage(lang as BundledLanguage);
    const highlight = new Set(block.highlight);
    const root = rememberingMatches(() =>
      shiki.codeToHast(block.code, {
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
              highlight.has(number) ? { ...line, properties: { ...line.properties, class: 'line highlighted' } } : line,
          },
        ],
      }),
    );
    html.push(toHtml(root.children[0] as Element));
  }
  return html;
}
