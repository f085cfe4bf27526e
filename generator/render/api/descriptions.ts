import { createElement, type ReactNode } from 'react';
import { markdownToReact } from '../markdown.js';

/** Text that reads the same as CommonMark: one line of words and plain punctuation, no URL to autolink. */
const PLAIN = /^[\p{L}\p{N} ,.;:'"()?%/-]*$/u;

/**
 * Descriptions are untrusted CommonMark; large contracts repeat the same ones thousands of times,
 * so each distinct text is rendered once, and plain sentences skip the Markdown pipeline.
 */
export class Descriptions {
  private readonly cache = new Map<string, ReactNode>();

  render(text: unknown): ReactNode {
    if (typeof text !== 'string' || text.trim() === '') return null;
    let node = this.cache.get(text);
    if (node === undefined) {
      const trimmed = text.trim();
      node =
        PLAIN.test(trimmed) && !/^\d+[.)]|^- |www\.|https?:/i.test(trimmed)
          ? createElement('p', null, trimmed)
          : markdownToReact(text);
      this.cache.set(text, node);
    }
    return node;
  }
}
