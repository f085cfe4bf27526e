import { decodePointer, isRecord } from '../sources/pointer.js';

type Json = Record<string, unknown>;

/** Where a schema's type is its members' types themselves, not an object type that names them. */
const DIRECT_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;

/**
 * Cuts the component schemas' cycles that have no TypeScript type. openapi-typescript writes each
 * schema as `components["schemas"]["A"]`; a cycle that passes through an object's properties is
 * fine (`{ next?: components["schemas"]["A"] }`), but one made only of `allOf`/`anyOf`/`oneOf`
 * members, array `items` or a bare `$ref` (`A = B & {…}`, `B = A | {…}`, `A = A[]`) is an alias of
 * itself, which tsc rejects ("referenced directly or indirectly in its own type annotation") and
 * which breaks every type that uses it. The `$ref` that closes such a cycle is typed as anything
 * (the walk goes in document order, so the same one every time). Changes `document` in place;
 * returns whether it cut anything.
 */
export function cutCompositionCycles(document: Json): boolean {
  const components = document.components;
  const schemas = isRecord(components) && isRecord(components.schemas) ? components.schemas : undefined;
  if (!schemas) return false;
  const edges = new Map<string, Array<{ site: Json; target: string }>>();
  for (const name of Object.keys(schemas)) edges.set(name, directRefs(schemas[name], schemas));
  // Depth-first, iteratively (chains of components can be long); a `$ref` back to a schema still open closes a cycle.
  const state = new Map<string, 'open' | 'done'>();
  let cut = false;
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const stack: Array<{ name: string; next: number }> = [{ name: start, next: 0 }];
    state.set(start, 'open');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as (typeof stack)[number];
      const out = edges.get(frame.name) ?? [];
      if (frame.next >= out.length) {
        state.set(frame.name, 'done');
        stack.pop();
        continue;
      }
      const edge = out[frame.next++] as (typeof out)[number];
      const seen = state.get(edge.target);
      if (seen === 'open') {
        delete edge.site.$ref;
        cut = true;
      } else if (seen === undefined) {
        state.set(edge.target, 'open');
        stack.push({ name: edge.target, next: 0 });
      }
    }
  }
  return cut;
}

/** The `$ref`s to component schemas that a schema's type is made of directly (not through an object's members). */
function directRefs(schema: unknown, schemas: Json): Array<{ site: Json; target: string }> {
  const found: Array<{ site: Json; target: string }> = [];
  const stack: unknown[] = [schema];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isRecord(node) || seen.has(node)) continue;
    seen.add(node);
    if (typeof node.$ref === 'string') {
      const target = componentName(node.$ref);
      if (target !== undefined && Object.hasOwn(schemas, target)) found.push({ site: node, target });
      continue;
    }
    for (const keyword of DIRECT_LISTS) {
      const list = node[keyword];
      if (Array.isArray(list)) stack.push(...list);
    }
    if (Array.isArray(node.items)) stack.push(...node.items);
    else stack.push(node.items);
  }
  return found;
}

function componentName(ref: string): string | undefined {
  const segments = decodePointer(ref);
  return segments && segments.length === 3 && segments[0] === 'components' && segments[1] === 'schemas'
    ? String(segments[2])
    : undefined;
}
