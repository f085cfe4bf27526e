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
    let node = this.blocks.get(text);
    if (node === undefined) {
      const trimmed = text.trim();
      node = isPlain(trimmed)
        ? createElement('p', null, trimmed)
        : markdownToReact(text, this.resolveUrl ? { resolveUrl: this.resolveUrl } : {});
      this.blocks.set(text, node);
    }
    return node;
  }

  /** A summary in a heading: emphasis and code, links as their text. */
  inline(text: string): ReactNode {
    if (isPlain(text.trim())) return text;
    let node = this.inlines.get(text);
    if (node === undefined) {
      node = inlineMarkdownToReact(text);
      this.inlines.set(text, node);
    }
    return node;
  }

  /** What a reader sees of the text, as plain text: for labels, link titles and meta descriptions. */
  plain(text: unknown): string {
    if (typeof text !== 'string') return '';
    if (isPlain(text.trim())) return text;
    let found = this.texts.get(text);
    if (found === undefined) {
      found = markdownToText(text);
      this.texts.set(text, found);
    }
    return found;
  }
}
