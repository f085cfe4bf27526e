import type { Located } from '../contracts/sources.js';
import { SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from '../contracts/schema-keywords.js';
import { isRecord } from '../sources/pointer.js';
import { operationSchemas } from './operation-parts.js';
import type { Direction } from './schemas.js';
import type { Side } from './side.js';

/**
 * Which way each named schema is used: sent in requests, read in responses, or both. A change to
 * `Item` breaks integrators or not depending on that, so it is judged by every use, old and new.
 */
export function schemaDirections(sides: readonly Side[]): Map<string, Set<Direction>> {
  const out = new Map<string, Set<Direction>>();
  for (const side of sides) {
    for (const site of side.operations.values()) {
      const { request, response } = operationSchemas(side, site);
      for (const name of reachableNames(side, request)) add(out, name, 'request');
      for (const name of reachableNames(side, response)) add(out, name, 'response');
    }
  }
  return out;
}

function add(map: Map<string, Set<Direction>>, name: string, direction: Direction): void {
  const set = map.get(name) ?? new Set<Direction>();
  set.add(direction);
  map.set(name, set);
}

/** The names of every named schema reachable from the given schemas, through properties, items and variants. */
function reachableNames(side: Side, roots: readonly Located[]): Set<string> {
  const names = new Set<string>();
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const raw = stack.pop() as Located;
    const name = side.refName(raw);
    if (name !== undefined) names.add(name);
    const node = side.follow(raw);
    if (!node) continue;
    const key = `${node.file.path}#${node.segments.join('/')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const map = side.raw(node, keyword);
      if (map && isRecord(map.value)) for (const k of Object.keys(map.value)) push(stack, side.raw(map, k));
    }
    for (const keyword of [...SCHEMA_LIST_KEYWORDS, ...SCHEMA_KEYWORDS]) {
      const sub = side.raw(node, keyword);
      if (sub && Array.isArray(sub.value)) sub.value.forEach((_, i) => push(stack, side.raw(sub, i)));
      else if (sub && isRecord(sub.value)) stack.push(sub);
    }
  }
  return names;
}

function push(stack: Located[], node: Located | undefined): void {
  if (node && isRecord(node.value)) stack.push(node);
}
