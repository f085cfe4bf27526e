import { isRecord } from '../../sources/pointer.js';
import { isIdName, withinBounds, withinLength } from './example-plausible.js';
import { exampleGenerator, isJsonMedia, type Direction } from './generated-example.js';
import { exampleValue } from './samples/example-value.js';
import { asRecord, asString, type RefResolver } from './resolver.js';

/** The values an operation's samples and generated bodies share, so the id in the path is the id in the body. */
export interface Bindings {
  /** Path parameter name → the value every sample puts in the path. */
  path: ReadonlyMap<string, unknown>;
  /** Body property name → the value a generated request or success body holds. */
  body: ReadonlyMap<string, unknown>;
}

export const NO_BINDINGS: Bindings = { path: new Map(), body: new Map() };

/**
 * For each id-like path parameter (`{id}`, `{bucketId}`): the body property it names is the one of
 * the same name, or `id` for the parameter that ends the path (`/buckets/{bucketId}` returns the
 * bucket). Its value is the parameter's own example; else the value the contract's example of a
 * success response (then of the request body) gives that property; else the one the generated body
 * holds (a property's own `example`, or `SAMPLE_ID`); else the parameter's sample value. Each value
 * must suit the parameter's schema. `inForce` are the operation's parameters (`effectiveParameters`).
 * The contract's examples are never changed: only generated bodies are, to hold the path's value.
 */
export function operationBindings(
  source: { path: string; operation: Record<string, unknown> },
  inForce: ReadonlyArray<Record<string, unknown>>,
  resolver: RefResolver,
): Bindings {
  const parameters = inForce.filter((p) => {
    const name = asString(p.name);
    return p.in === 'path' && isIdName(name) && source.path.includes(`{${name}}`);
  });
  if (parameters.length === 0) return NO_BINDINGS;
  const last = /\{([^{}]+)\}\/?$/.exec(source.path)?.[1];
  const bodies = [...contractBodies(source.operation, resolver), ...generatedBodies(source.operation, resolver)];
  const path = new Map<string, unknown>();
  const body = new Map<string, unknown>();
  for (const parameter of parameters) {
    const name = asString(parameter.name);
    const schema = resolver.follow(parameter.schema)?.value ?? {};
    const properties = name === last && name !== 'id' ? [name, 'id'] : [name];
    const fromBody = bodies
      .flatMap((value) => properties.map((property) => (Object.hasOwn(value, property) ? value[property] : undefined)))
      .find((value) => fits(value, schema));
    const value =
      ownExample(parameter, schema, resolver) ?? fromBody ?? exampleValue(parameter.schema, resolver, 'request', name);
    if (value === undefined) continue;
    path.set(name, value);
    for (const property of properties) body.set(property, value);
  }
  return { path, body };
}

/** What the contract says a parameter's value is, if anything. */
function ownExample(
  parameter: Record<string, unknown>,
  schema: Record<string, unknown>,
  resolver: RefResolver,
): unknown {
  return (
    parameter.example ??
    firstExample(parameter.examples, resolver) ??
    schema.example ??
    (Array.isArray(schema.examples) ? schema.examples[0] : undefined)
  );
}

/** A scalar the parameter's type and bounds accept. */
function fits(value: unknown, schema: Record<string, unknown>): boolean {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== undefined);
  if (typeof value === 'number')
    return (
      (types.length === 0 || types.includes('number') || (types.includes('integer') && Number.isInteger(value))) &&
      withinBounds(schema, value)
    );
  return (
    typeof value === 'string' &&
    value !== '' &&
    (types.length === 0 || types.includes('string')) &&
    withinLength(schema, value)
  );
}

/** The JSON media of the first success response, then of the request body. */
function bodyMedia(
  operation: Record<string, unknown>,
  resolver: RefResolver,
): Array<{ mediaType: string; media: Record<string, unknown>; direction: Direction }> {
  const success = Object.entries(asRecord(operation.responses)).find(([status]) => /^2/.test(status))?.[1];
  const out: Array<{ mediaType: string; media: Record<string, unknown>; direction: Direction }> = [];
  for (const [holder, direction] of [
    [success, 'response'],
    [operation.requestBody, 'request'],
  ] as const) {
    const content = asRecord(resolver.follow(holder)?.value.content);
    const [mediaType, media] = Object.entries(content).find(([type]) => isJsonMedia(type)) ?? [];
    if (mediaType !== undefined && isRecord(media)) out.push({ mediaType, media, direction });
  }
  return out;
}

/** The contract's own example objects of those bodies. */
function contractBodies(operation: Record<string, unknown>, resolver: RefResolver): Record<string, unknown>[] {
  return bodyMedia(operation, resolver)
    .map(({ media }) => givenExample(media, resolver))
    .filter(isRecord);
}

/** The examples generated for those bodies that have none of their own (as the reference shows them). */
function generatedBodies(operation: Record<string, unknown>, resolver: RefResolver): Record<string, unknown>[] {
  return bodyMedia(operation, resolver).flatMap(({ mediaType, media, direction }) => {
    if (givenExample(media, resolver) !== undefined) return [];
    const text = exampleGenerator(resolver).generate(media.schema, mediaType, direction);
    const value: unknown = text === undefined ? undefined : JSON.parse(text);
    return isRecord(value) ? [value] : [];
  });
}

/**
 * The example a media object gives: its `example`, its first `examples` entry, else the schema's own
 * object-level `example` (shown in the example pane, never inline).
 */
export function givenExample(media: Record<string, unknown>, resolver: RefResolver): unknown {
  if (media.example !== undefined) return media.example;
  const listed = firstExample(media.examples, resolver);
  if (listed !== undefined) return listed;
  return schemaExample(media.schema, resolver);
}

/** The value of the first of an `examples` map's entries that has one inline. */
export function firstExample(examples: unknown, resolver: RefResolver): unknown {
  for (const entry of Object.values(asRecord(examples))) {
    const example = resolver.follow(entry)?.value;
    if (example?.value !== undefined) return example.value;
  }
  return undefined;
}

/** A schema's own `example` (or first `examples` item), following a `$ref`. */
export function schemaExample(schema: unknown, resolver: RefResolver): unknown {
  const resolved = resolver.follow(schema)?.value;
  if (!resolved) return undefined;
  if (resolved.example !== undefined) return resolved.example;
  return Array.isArray(resolved.examples) && resolved.examples.length > 0 ? resolved.examples[0] : undefined;
}
