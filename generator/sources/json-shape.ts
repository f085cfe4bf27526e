import { createScanner } from 'jsonc-parser';
import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, EOF, OPEN_BRACE, OPEN_BRACKET, STRING } from './json-tokens.js';
import { MAX_NESTING_DEPTH } from './limits.js';

export type JsonShapeProblem =
  { kind: 'duplicate-key'; offset: number; key: string; firstOffset: number } | { kind: 'too-deep'; offset: number };

/**
 * What `JSON.parse` lets through and YAML does not: a key given twice in one object (the parser
 * keeps the last one silently), and nesting deeper than the limit. Both are found from the parsed
 * data in one pass, without scanning the text token by token (13 MB of JSON would take more than
 * half a second): every string of the text, key or value, has two unescaped quotes, so the text has
 * a duplicate key exactly when it has more quotes than the data has keys and strings. Only a file
 * with a problem is then scanned, to find where it is.
 */
export function checkJsonShape(text: string, data: unknown): JsonShapeProblem | undefined {
  const { strings, depth } = countStrings(data);
  if (depth > MAX_NESTING_DEPTH) return locateProblem(text, true);
  if (2 * strings !== countQuotes(text)) return locateProblem(text, false);
  return undefined;
}

/**
 * Where a text that is not valid JSON first nests deeper than the limit, or undefined: checked
 * before the parser that describes its syntax error, which recurses.
 */
export function tooDeepInText(text: string): number | undefined {
  return locateProblem(text, true)?.offset;
}

/** Keys and string values in the data, and its depth: one walk, without recursion. */
function countStrings(root: unknown): { strings: number; depth: number } {
  let strings = 0;
  let depth = 0;
  const nodes: unknown[] = [root];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const level = depths.pop() as number;
    if (typeof node === 'string') {
      strings++;
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    if (level > depth) depth = level;
    if (Array.isArray(node)) {
      for (const value of node) {
        if (typeof value === 'string') strings++;
        else if (typeof value === 'object' && value !== null) {
          nodes.push(value);
          depths.push(level + 1);
        }
      }
    } else {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        strings++;
        const value = record[key];
        if (typeof value === 'string') strings++;
        else if (typeof value === 'object' && value !== null) {
          nodes.push(value);
          depths.push(level + 1);
        }
      }
    }
  }
  return { strings, depth };
}

/** Quotes that open or close a string: all of them but those escaped by an odd run of backslashes. */
function countQuotes(text: string): number {
  let count = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) {
    if (text.charCodeAt(i - 1) !== 0x5c) {
      count++;
      continue;
    }
    let backslashes = 1;
    while (text.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) count++;
  }
  return count;
}

/** The slow path, for a file known to have a problem: a scan of its tokens to the first one. */
function locateProblem(text: string, tooDeep: boolean): JsonShapeProblem | undefined {
  const scanner = createScanner(text, true);
  // Per open container: its keys so far and where each was first given (undefined for an array).
  const stack: (Map<string, number> | undefined)[] = [];
  let expectKey = false;
  for (let token = scanner.scan(); token !== EOF; token = scanner.scan()) {
    if (token === OPEN_BRACE || token === OPEN_BRACKET) {
      stack.push(token === OPEN_BRACE ? new Map() : undefined);
      if (tooDeep && stack.length > MAX_NESTING_DEPTH) return { kind: 'too-deep', offset: scanner.getTokenOffset() };
      expectKey = token === OPEN_BRACE;
    } else if (token === CLOSE_BRACE || token === CLOSE_BRACKET) {
      stack.pop();
      expectKey = false;
    } else if (token === COMMA) {
      expectKey = stack[stack.length - 1] !== undefined;
    } else if (token === STRING && expectKey) {
      const keys = stack[stack.length - 1] as Map<string, number>;
      const key = scanner.getTokenValue();
      const first = keys.get(key);
      if (first !== undefined && !tooDeep)
        return { kind: 'duplicate-key', offset: scanner.getTokenOffset(), key, firstOffset: first };
      if (first === undefined) keys.set(key, scanner.getTokenOffset());
      expectKey = false;
    } else if (token !== COLON) {
      expectKey = false;
    }
  }
  return undefined;
}
