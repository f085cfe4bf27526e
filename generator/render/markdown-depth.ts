/**
 * How deep untrusted Markdown may nest (blockquotes, indentation, HTML elements) before it is shown
 * as plain text: the parsers and the tree walks after them recurse once per level, so thousands of
 * levels would exhaust the stack, and hundreds already cost seconds. No real description comes close.
 */
export const MAX_NESTING = 32;

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** A tag's start; `[^<>]*` stops at the next angle bracket, so the scan stays linear. */
const TAG = /<(\/?)([a-z][a-z\d-]*)[^<>]*?(\/?)>/gi;
/** A line's nesting prefix: blockquote markers and indentation. */
const PREFIX = /^[ \t>]*/;

/** True when the text nests deeper than MAX_NESTING levels, by a linear scan that over-counts rather than under. */
export function nestsTooDeep(text: string): boolean {
  let depth = 0;
  for (const [, closing, name, selfClosing] of text.matchAll(TAG)) {
    if (VOID.has((name as string).toLowerCase()) || selfClosing) continue;
    depth = closing ? Math.max(0, depth - 1) : depth + 1;
    if (depth > MAX_NESTING) return true;
  }
  for (const line of text.split('\n')) {
    const prefix = PREFIX.exec(line)?.[0] ?? '';
    let levels = 0;
    for (const char of prefix) levels += char === '>' ? 1 : char === '\t' ? 1 : 0.25;
    if (levels > MAX_NESTING) return true;
  }
  return false;
}
