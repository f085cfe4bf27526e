import type { Located } from '../contracts/sources.js';
import { isRecord } from '../sources/pointer.js';
import { code, type Wording } from './inline-code.js';
import { typesOf } from './schema-facts.js';
import type { Node, Side } from './side.js';

/** A schema that states no type but combines `allOf` members has the type they state. */
export function allOfTypes(side: Side, node: Node, depth = 0): Set<string> | undefined {
  const own = typesOf(node.value);
  const members = side.raw(node, 'allOf');
  if (own || depth >= 8 || !members || !Array.isArray(members.value)) return own;
  for (let i = 0; i < members.value.length; i++) {
    const member = side.raw(members, i);
    const target = member && side.follow(member);
    const types = target && allOfTypes(side, target, depth + 1);
    if (types) return types;
  }
  return undefined;
}

/** An object's fields (as written, by name) and required names, its `allOf` members' included, except the `skip`ped named ones. */
export function fieldsOf(
  side: Side,
  node: Node,
  skip: ReadonlySet<string>,
  depth = 0,
  out = { properties: new Map<string, Located>(), required: new Set<string>() },
): typeof out {
  const props = side.raw(node, 'properties');
  if (props && isRecord(props.value)) {
    for (const name of Object.keys(props.value)) {
      const prop = side.raw(props, name);
      if (prop && !out.properties.has(name)) out.properties.set(name, prop);
    }
  }
  for (const name of requiredOf(node.value)) out.required.add(name);
  const members = side.raw(node, 'allOf');
  if (depth < 8 && members && Array.isArray(members.value)) {
    members.value.forEach((_, i) => {
      const member = side.raw(members, i);
      const name = member && side.refName(member);
      const target = member && (name === undefined || !skip.has(name)) ? side.follow(member) : undefined;
      if (target) fieldsOf(side, target, skip, depth + 1, out);
    });
  }
  return out;
}

/** The named schemas an object takes fields from through `allOf`, at any depth. */
export function memberNames(side: Side, node: Node, depth = 0, out = new Set<string>()): Set<string> {
  const members = side.raw(node, 'allOf');
  if (depth >= 8 || !members || !Array.isArray(members.value)) return out;
  members.value.forEach((_, i) => {
    const member = side.raw(members, i);
    const name = member && side.refName(member);
    if (name !== undefined) out.add(name);
    const target = member && side.follow(member);
    if (target) memberNames(side, target, depth + 1, out);
  });
  return out;
}

/** A schema's `oneOf` or `anyOf` alternatives: a named one keyed by its name, the unnamed ones by their order. */
export function variants(
  side: Side,
  node: Node,
  keyword: string,
): Array<{ key: string; label: Wording; node: Located }> {
  const list = side.raw(node, keyword);
  if (!list || !Array.isArray(list.value)) return [];
  let unnamed = 0;
  return list.value.flatMap((_, index) => {
    const item = side.raw(list, index);
    if (!item) return [];
    const name = side.refName(item);
    return [
      name
        ? { key: `name:${name}`, label: code(name), node: item }
        : { key: `#${unnamed++}`, label: `the inline schema ${index + 1}`, node: item },
    ];
  });
}

function requiredOf(schema: Record<string, unknown>): Set<string> {
  return new Set(
    Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
  );
}
