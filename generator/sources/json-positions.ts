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

  constructor(text: string) {
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
    for (let depth = token === OPEN_BRACE || token === OPEN_BRACKET ? 1 : 0; depth > 0;) {
      token = scanner.scan();
      if (token === OPEN_BRACE || token === OPEN_BRACKET) depth++;
      else if (token === CLOSE_BRACE || token === CLOSE_BRACKET) depth--;
      else if (token === EOF) break;
    }
    container.resume = scanner.getPosition();
  }
}
