import { decodePointer, encodePointer, getAtPointer, isRecord } from '../../sources/pointer.js';

/** How many `$ref` hops may chain before the chain is treated as broken (a ref loop is a chain without end). */
const MAX_HOPS = 32;

export interface Resolved {
  value: Record<string, unknown>;
  /** JSON pointer of the object the chain ended at. */
  pointer: string | undefined;
}

/** Follows internal `$ref`s of one bundled document. */
export class RefResolver {
  constructor(readonly document: Record<string, unknown>) {}

  /** The object a `$ref` string names, when it is an internal pointer to an object. */
  target(ref: string): Resolved | undefined {
    if (!ref.startsWith('#')) return undefined;
    const segments = decodePointer(ref);
    const value = segments && getAtPointer(this.document, segments);
    return segments && isRecord(value) ? { value, pointer: encodePointer(segments) } : undefined;
  }

  /** The node itself, or what its chain of `$ref`s ends at; undefined for a broken or endless chain. */
  follow(node: unknown): Resolved | undefined {
    let current: unknown = node;
    let pointer: string | undefined;
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      if (!isRecord(current)) return undefined;
      if (typeof current.$ref !== 'string') return { value: current, pointer };
      const next = this.target(current.$ref);
      if (!next) return undefined;
      current = next.value;
      pointer = next.pointer;
    }
    return undefined;
  }
}

export function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

export function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
