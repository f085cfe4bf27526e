import { createScanner, type JSONScanner } from 'jsonc-parser';
import { CLOSE_BRACE, CLOSE_BRACKET, COMMA, EOF, OPEN_BRACE, OPEN_BRACKET, STRING } from './json-tokens.js';
import type { Segment } from './pointer.js';

interface Child {
  /** Where the property's key starts; undefined for an array item. */
  key: number | undefined;
  /** Where the value starts. */
  value: number;
}

/** What is known so far of one object or array: its children up to where scanning stopped. */
interface Container {
  kind: 'object' | 'array';
  /** Keys (first occurrence) or indexes, as strings. */
  children: Map<string, Child>;
  /** Where the next child starts; undefined once the closing brace or bracket was reached. */
  resume: number | undefined;
  /** The index the next array item gets. */
  next: number;
}

/**
 * Offsets in a valid JSON text, found with jsonc-parser's scanner: each object or array on a
 * looked-up path is scanned once, only as far as the child asked for, skipping the values before
 * it. A diagnostic in a 13 MB description then costs a scan of the containers on its path, where
 * jsonc-parser's tree of the whole text (an object per value) took more than a second and hundreds
 * of MB. Answers what `findNodeAtLocation` answers on that tree: string segments name properties
 * (the first of duplicates), numbers name array items.
 */
export class JsonPositions {
  private readonly scanner: JSONScanner;
  private readonly containers = new Map<number, Container | null>();
  private root: number | null | undefined;

  constructor(private readonly text: string) {
    this.scanner = createScanner(text, true);
  }

  /**
   * Where the value at `segments` starts, or its key's start (`key`, for a property); a path that
   * does not exist is located at its deepest existing ancestor. Undefined for an empty text.
   */
  locate(segments: readonly Segment[], target: 'key' | 'value'): number | undefined {
    let offset = this.rootOffset();
    if (offset === undefined) return undefined;
    let key: number | undefined;
    for (const segment of segments) {
      const child = this.child(offset, segment);
      if (!child) return offset;
      offset = child.value;
      key = child.key;
    }
    return target === 'key' && key !== undefined ? key : offset;
  }

  private rootOffset(): number | undefined {
    if (this.root === undefined) {
      this.scanner.setPosition(0);
      this.root = this.scanner.scan() === EOF ? null : this.scanner.getTokenOffset();
    }
    return this.root ?? undefined;
  }

  private child(offset: number, segment: Segment): Child | undefined {
    const container = this.container(offset);
    if (!container || container.kind !== (typeof segment === 'string' ? 'object' : 'array')) return undefined;
    const name = String(segment);
    let found = container.children.get(name);
    while (!found && container.resume !== undefined) {
      this.scanChild(container);
      found = container.children.get(name);
    }
    return found;
  }

  private container(offset: number): Container | undefined {
    let container = this.containers.get(offset);
    if (container === undefined) {
      this.scanner.setPosition(offset);
      const token = this.scanner.scan();
      container =
        token === OPEN_BRACE || token === OPEN_BRACKET
          ? {
              kind: token === OPEN_BRACE ? 'object' : 'array',
              children: new Map(),
              resume: this.scanner.getPosition(),
              next: 0,
            }
          : null;
      this.containers.set(offset, container);
    }
    return container ?? undefined;
  }

  /** Reads the container's next child (its key and where its value starts) and skips over the value. */
  private scanChild(container: Container): void {
    const scanner = this.scanner;
    scanner.setPosition(container.resume as number);
    let token = scanner.scan();
    if (token === COMMA) token = scanner.scan();
    if (token === CLOSE_BRACE || token === CLOSE_BRACKET || token === EOF) {
      container.resume = undefined;
      return;
    }
    let key: number | undefined;
    let name = String(container.next++);
    if (container.kind === 'object') {
      if (token !== STRING) {
        container.resume = undefined;
        return;
      }
      key = scanner.getTokenOffset();
      name = scanner.getTokenValue();
      scanner.scan(); // the colon
      token = scanner.scan();
    }
    const value = scanner.getTokenOffset();
    if (!container.children.has(name)) container.children.set(name, { key, value });
    // Over the value: a scalar is one token; an object or array, everything up to its matching close.
    container.resume =
      token === OPEN_BRACE || token === OPEN_BRACKET
        ? skipContainer(this.text, scanner.getPosition())
        : scanner.getPosition();
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE_CHAR = 0x7b;
const OPEN_BRACKET_CHAR = 0x5b;
const CLOSE_BRACE_CHAR = 0x7d;
const CLOSE_BRACKET_CHAR = 0x5d;

/**
 * Where the object or array whose opening character ends before `from` ends (just past its close):
 * character by character, strings skipped by `indexOf`, not token by token with the scanner, which
 * builds every string's value (GitHub's 13 MB: 0.6 s a scan). The text is valid JSON (JSON.parse read
 * it), so no comment or bare line break can hide a bracket or end a string.
 */
function skipContainer(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === OPEN_BRACE_CHAR || c === OPEN_BRACKET_CHAR) depth++;
    else if ((c === CLOSE_BRACE_CHAR || c === CLOSE_BRACKET_CHAR) && --depth === 0) return i + 1;
  }
  return text.length;
}

/** The offset of the quote that closes the string opened at `start` (the text's length when none does). */
function stringEnd(text: string, start: number): number {
  for (let i = text.indexOf('"', start + 1); i !== -1; i = text.indexOf('"', i + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return i;
  }
  return text.length;
}
