import { isRecord } from '../../sources/pointer.js';
import { hasValueFacts, plausibleValue } from './example-plausible.js';
import type { RefResolver } from './resolver.js';

/** Keywords whose value is one schema, or a list of schemas. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
/** Inline nesting given plausible values; deeper parts keep the sampler's placeholders (it stops sooner anyway). */
const MAX_NESTING = 16;

/**
 * The schemas openapi-sampler reads, seen with a plausible `example` on each scalar that states no
 * value of its own (`plausibleValue`: a date of this decade, `42` for an id, "Example name"). The
 * sampler already prefers a schema's `const`, `example`, `examples`, `enum` and `default`; this only
 * fills what it would write as `"string"`, `0` or 2019. The contract's objects are never changed:
 * each is copied once, and a named schema when the sampler first follows a `$ref` to it.
 */
export class SamplingView {
  /** The document the sampler resolves `$ref`s in: its `components.schemas` seen through the copies. */
  readonly document: Record<string, unknown>;
  private readonly copies = new WeakMap<object, Record<string, unknown>>();

  constructor(private readonly resolver: RefResolver) {
    const original = resolver.document;
    const components = isRecord(original.components) ? original.components : undefined;
    const schemas = components && isRecord(components.schemas) ? components.schemas : undefined;
    this.document =
      components && schemas ? { ...original, components: { ...components, schemas: this.lazy(schemas) } } : original;
  }

  /** The schema as the sampler should read it. */
  schema(node: Record<string, unknown>): Record<string, unknown> {
    return this.copy(node, 0) as Record<string, unknown>;
  }

  /** Named schemas copied on first use: a reference page samples a few of a document's thousands. */
  private lazy(schemas: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(schemas))
      Object.defineProperty(out, name, { enumerable: true, get: () => this.copy(schemas[name], 0) });
    return out;
  }

  private copy(node: unknown, depth: number): unknown {
    if (!isRecord(node) || typeof node.$ref === 'string' || depth > MAX_NESTING) return node;
    const done = this.copies.get(node);
    if (done) return done;
    const out: Record<string, unknown> = { ...node };
    this.copies.set(node, out);
    for (const key of ONE) if (isRecord(out[key])) out[key] = this.copy(out[key], depth + 1);
    for (const key of LIST)
      if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map((s) => this.copy(s, depth + 1));
    if (isRecord(node.properties))
      out.properties = Object.fromEntries(
        Object.entries(node.properties).map(([name, property]) => [name, this.property(name, property, depth + 1)]),
      );
    if (!hasValueFacts(out)) {
      const value = plausibleValue(out);
      if (value !== undefined) out.example = value;
    }
    return out;
  }

  /** A property's schema, with the value its name suggests when neither it nor its format says more. */
  private property(name: string, written: unknown, depth: number): unknown {
    if (isRecord(written) && typeof written.$ref === 'string') {
      // `{ $ref }` takes no sibling in 3.0: a named scalar (an `Id` type) is wrapped to carry the example.
      const target = this.resolver.follow(written)?.value;
      const value = target && !hasValueFacts(target) ? plausibleValue(target, name) : undefined;
      if (value === undefined || !target) return written;
      const wrapped: Record<string, unknown> = { allOf: [written], example: value };
      // The sampler reads these from the schema that holds the example, to leave the value out of a request or response.
      if (target.readOnly !== undefined) wrapped.readOnly = target.readOnly;
      if (target.writeOnly !== undefined) wrapped.writeOnly = target.writeOnly;
      return wrapped;
    }
    const copied = this.copy(written, depth);
    if (!isRecord(copied) || hasValueFacts(copied)) return copied;
    const value = plausibleValue(copied, name);
    return value === undefined ? copied : { ...copied, example: value };
  }
}
