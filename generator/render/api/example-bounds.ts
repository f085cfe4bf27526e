import { isRecord } from '../../sources/pointer.js';
import type { RefResolver } from './resolver.js';

/** How deep the sampler goes into nested objects and arrays (Redoc's default is 15; a reader needs less). */
export const SAMPLE_DEPTH = 6;
/** Most values a generated example may hold; a schema that would give more gets none. */
const MAX_VALUES = 20_000;
/** Most schema nodes looked at while estimating: the estimate itself stays bounded. */
const MAX_VISITS = 50_000;
/** A string the sampler pads to more than this is not worth showing. */
const MAX_MIN_LENGTH = 4_096;
/** Patterns the sampler may expand: short, with small repeat counts (its expansion is not linear-time). */
const MAX_PATTERN = 100;
const MAX_REPEAT = 32;

export interface SampleBudget {
  /** The sampler's output stays within bounds. */
  fits: boolean;
  /** Every pattern met is small enough for the sampler to expand into a matching string. */
  patterns: boolean;
}

/**
 * Estimates what openapi-sampler would build from a schema (it follows the sampler's walk: every
 * property, `allOf` branch and `minItems` copy; the first `oneOf`/`anyOf` branch; `$ref` cycles and
 * depth end a branch), without building it, so a hostile schema (thousands of properties at each of
 * many levels, `minItems: 1e9`) is refused before the sampler runs.
 */
export function sampleBudget(schema: unknown, resolver: RefResolver): SampleBudget {
  const walk = { visits: 0, patterns: true, stack: new Set<object>() };
  const size = (node: unknown, depth: number): number => {
    if (++walk.visits > MAX_VISITS) return Infinity;
    if (depth > SAMPLE_DEPTH || !isRecord(node)) return 1;
    if (typeof node.$ref === 'string') {
      const target = resolver.target(node.$ref)?.value;
      if (!target || walk.stack.has(target)) return 1;
      walk.stack.add(target);
      const total = size(target, depth);
      walk.stack.delete(target);
      return total;
    }
    if (node.example !== undefined) return 1;
    if (typeof node.minLength === 'number' && node.minLength > MAX_MIN_LENGTH) return Infinity;
    if (typeof node.pattern === 'string' && !smallPattern(node.pattern)) walk.patterns = false;
    let total = 1;
    const add = (value: number): void => {
      total += value;
    };
    if (Array.isArray(node.allOf)) for (const branch of node.allOf) add(size(branch, depth));
    for (const key of ['oneOf', 'anyOf'])
      if (Array.isArray(node[key]) && node[key].length > 0) add(size((node[key] as unknown[])[0], depth));
    if (isRecord(node.then)) add(size(node.if, depth) + size(node.then, depth));
    if (isRecord(node.properties))
      for (const property of Object.values(node.properties)) {
        add(size(property, depth + 1));
        if (total > MAX_VALUES) return Infinity;
      }
    if (isRecord(node.additionalProperties)) add(2 * size(node.additionalProperties, depth + 1));
    const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : [];
    for (const item of prefix) add(size(item, depth + 1));
    const items = isRecord(node.items) ? node.items : isRecord(node.contains) ? node.contains : undefined;
    if (items) {
      const copies = Math.max(1, typeof node.minItems === 'number' ? node.minItems : 1, prefix.length);
      add(copies > MAX_VALUES ? Infinity : copies * size(items, depth + 1));
    }
    return total;
  };
  const total = size(schema, 1);
  return { fits: total <= MAX_VALUES, patterns: walk.patterns };
}

function smallPattern(pattern: string): boolean {
  if (pattern.length > MAX_PATTERN) return false;
  for (const match of pattern.matchAll(/\{(\d+)(?:,(\d*))?\}/g))
    if (Number(match[1]) > MAX_REPEAT || Number(match[2] || 0) > MAX_REPEAT) return false;
  return true;
}
