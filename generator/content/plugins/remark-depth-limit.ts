import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { pageState } from './page-state.js';
import { DEPTH_LIMIT_RULE } from '../../sources/limits.js';

/**
 * How deep a page's elements, block quotes and lists may nest. Real pages stay under a dozen
 * levels; without a limit, thousands of nested `<div>`s or `>` overflow the stack of the recursive
 * steps after this one (the other plugins, MDX's own, the renderer).
 */
export const MAX_NESTING_DEPTH = 256;

/** Ends a page's compilation once its depth was reported: the later steps would overflow on it. */
export class DepthLimitExceeded extends Error {
  constructor() {
    super(`the page nests deeper than ${MAX_NESTING_DEPTH} levels`);
  }
}

export function depthLimitMessage(): string {
  return `elements, block quotes and lists nest more than ${MAX_NESTING_DEPTH} levels deep here; flatten the page`;
}

/**
 * Where a line opens more than the limit's block quotes or list items (`>>>>…`, `- - - …`), before
 * anything parses it: the parser's work on such a line grows with the square of its depth.
 */
export function tooDeepLine(text: string): { line: number; column: number } | undefined {
  let line = 1;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const column = containerMarkers(text, start, end);
    if (column !== undefined) return { line, column: column - start + 1 };
    start = end + 1;
    line += 1;
  }
  return undefined;
}

/** The offset of the marker past the limit, if the line's prefix of `>`, `-`, `*`, `+` and `1.` markers is that long. */
function containerMarkers(text: string, start: number, end: number): number | undefined {
  let at = start;
  let count = 0;
  for (;;) {
    while (at < end && (text[at] === ' ' || text[at] === '\t')) at += 1;
    const marker = at;
    const char = text[at];
    if (char === '>') at += 1;
    else if ((char === '-' || char === '*' || char === '+') && (text[at + 1] === ' ' || text[at + 1] === '\t')) at += 1;
    else {
      let digits = at;
      while (digits < end && digits - at < 9 && text.charCodeAt(digits) >= 48 && text.charCodeAt(digits) <= 57)
        digits += 1;
      if (
        digits === at ||
        (text[digits] !== '.' && text[digits] !== ')') ||
        (text[digits + 1] !== ' ' && text[digits + 1] !== '\t')
      )
        return undefined;
      at = digits + 1;
    }
    count += 1;
    if (count > MAX_NESTING_DEPTH) return marker;
  }
}

/** The first transform of a page: measures its tree's depth without recursion, so any depth can be measured. */
export function remarkDepthLimit() {
  return (tree: Root, file: VFile): void => {
    type Entry = {
      node: { type: string; children?: unknown[]; position?: { start: { line: number; column: number } } };
      depth: number;
    };
    const pending: Entry[] = [{ node: tree, depth: 0 }];
    while (pending.length > 0) {
      const { node, depth } = pending.pop() as Entry;
      if (depth > MAX_NESTING_DEPTH) {
        pageState(file).report.add(node, 'error', DEPTH_LIMIT_RULE, depthLimitMessage());
        throw new DepthLimitExceeded();
      }
      const children = node.children as Entry['node'][] | undefined;
      if (children) for (const child of children) pending.push({ node: child, depth: depth + 1 });
    }
  };
}
