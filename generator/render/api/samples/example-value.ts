import { isRecord } from '../../../sources/pointer.js';
import { plausibleValue } from '../example-plausible.js';
import type { RefResolver } from '../resolver.js';

/** Nesting followed when inventing a value; deeper optional parts are left out, which keeps cycles finite. */
const MAX_DEPTH = 6;

/** Formats `plausibleValue` leaves alone (it gives dates, addresses and ids, as the generated examples have them). */
const FORMAT_VALUES: Record<string, string> = {
  byte: 'U3BlY3NpdGU=',
  password: '********',
  binary: '<binary>',
};

/**
 * A value for a request body or sample: the schema's own example or default when it has one,
 * otherwise one built from its types, properties and first enum value. Read-only properties are
 * left out of requests, write-only ones out of responses. `name` is the parameter's or property's
 * (an `id` reads 42, a `title` "Example title").
 */
export function exampleValue(
  schema: unknown,
  resolver: RefResolver,
  direction: 'request' | 'response',
  name?: string,
): unknown {
  return value(schema, resolver, direction, 0, new Set(), name);
}

function value(
  written: unknown,
  resolver: RefResolver,
  direction: 'request' | 'response',
  depth: number,
  seen: Set<string>,
  name?: string,
): unknown {
  const resolved = resolver.follow(written);
  if (!resolved) return undefined;
  const schema = resolved.value;
  if (resolved.pointer) {
    if (seen.has(resolved.pointer) && depth > 0) return undefined;
    seen = new Set(seen).add(resolved.pointer);
  }
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => value(part, resolver, direction, depth + 1, seen));
    const own = objectValue(schema, resolver, direction, depth, seen);
    return parts.every((p) => isRecord(p) || p === undefined)
      ? Object.assign({}, ...parts, own)
      : parts.find((p) => p !== undefined);
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const list = schema[keyword];
    if (Array.isArray(list) && list.length > 0) {
      const first = list.find((v) => !(isRecord(v) && v.type === 'null')) ?? list[0];
      const chosen = value(first, resolver, direction, depth + 1, seen);
      const own = objectValue(schema, resolver, direction, depth, seen);
      return isRecord(chosen) && isRecord(own) ? { ...chosen, ...own } : chosen;
    }
  }
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  const type = types[0] ?? (isRecord(schema.properties) ? 'object' : schema.items ? 'array' : undefined);
  switch (type) {
    case 'object':
      return objectValue(schema, resolver, direction, depth, seen) ?? {};
    case 'array': {
      if (depth >= MAX_DEPTH) return [];
      const item = value(schema.items, resolver, direction, depth + 1, seen);
      return item === undefined ? [] : [item];
    }
    case 'string':
      return (
        plausibleValue(schema, name) ??
        (typeof schema.format === 'string' && Object.hasOwn(FORMAT_VALUES, schema.format)
          ? FORMAT_VALUES[schema.format]
          : 'string')
      );
    case 'integer':
    case 'number':
      return (
        plausibleValue(schema, name) ??
        (typeof schema.minimum === 'number'
          ? schema.minimum
          : typeof schema.exclusiveMinimum === 'number'
            ? schema.exclusiveMinimum + 1
            : 0)
      );
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return isRecord(schema.additionalProperties) ? {} : undefined;
  }
}

function objectValue(
  schema: Record<string, unknown>,
  resolver: RefResolver,
  direction: 'request' | 'response',
  depth: number,
  seen: Set<string>,
): Record<string, unknown> | undefined {
  if (!isRecord(schema.properties)) return undefined;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  // Entries, not assignments: a property named `__proto__` is a key of the sample like any other.
  const out: [string, unknown][] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    const resolved = resolver.follow(property)?.value;
    if (direction === 'request' && resolved?.readOnly === true) continue;
    if (direction === 'response' && resolved?.writeOnly === true) continue;
    if (depth >= MAX_DEPTH && !required.has(name)) continue;
    const v = value(property, resolver, direction, depth + 1, seen, name);
    if (v !== undefined) out.push([name, v]);
  }
  return Object.fromEntries(out);
}
