import { createElement, type ReactNode } from 'react';
import { inlineMarkdownToReact, markdownToReact, markdownToText, type UrlResolver } from '../markdown.js';

/** Text that reads the same as CommonMark: one line of words and plain punctuation, no URL to autolink. */
const PLAIN = /^[\p{L}\p{N} ,.;:'"()?%/-]*$/u;

function isPlain(trimmed: string): boolean {
  return PLAIN.test(trimmed) && !/^\d+[.)]|^- |www\.|https?:/i.test(trimmed);
}

/**
 * Descriptions and summaries are untrusted CommonMark (with HTML); large contracts repeat the same
 * ones thousands of times, so each distinct text is rendered once, and plain sentences skip the
 * Markdown pipeline. Links without a scheme go where `resolveUrl` says (see contract-links.ts).
 */
export class Descriptions {
  private readonly blocks = new Map<string, ReactNode>();
  private readonly inlines = new Map<string, ReactNode>();
  private readonly texts = new Map<string, string>();

  constructor(private readonly resolveUrl?: UrlResolver) {}

  /** A description: paragraphs, lists, code, tables, links. */
  render(text: unknown): ReactNode {
    if (typeof text !== 'string' || text.trim() === '') return null;
    return remembered(this.blocks, text, () => {
      const trimmed = text.trim();
      return isPlain(trimmed)
        ? createElement('p', null, trimmed)
        : markdownToReact(text, this.resolveUrl ? { resolveUrl: this.resolveUrl } : {});
    });
  }

  /** A summary in a heading: emphasis and code, links as their text. */
  inline(text: string): ReactNode {
    return isPlain(text.trim()) ? text : remembered(this.inlines, text, () => inlineMarkdownToReact(text));
  }

  /** What a reader sees of the text, as plain text: for labels, link titles and meta descriptions. */
  plain(text: unknown): string {
    if (typeof text !== 'string') return '';
    return isPlain(text.trim()) ? text : remembered(this.texts, text, () => markdownToText(text));
  }
}

/** The value made for `text` once, from then on the one kept. */
function remembered<T>(cache: Map<string, T>, text: string, make: () => T): T {
  let value = cache.get(text);
  if (value === undefined) {
    value = make();
    cache.set(text, value);
  }
  return value;
}

/** The first sentence of plain text (at most 200 characters): a page's summary, a model's one line. */
export function firstSentence(text: string): string {
  const plain = text
    .replace(/[`*_[\]#>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const end = plain.search(/[.!?](\s|$)/);
  return (end === -1 ? plain : plain.slice(0, end + 1)).slice(0, 200);
}
