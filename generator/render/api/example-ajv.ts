import { createRequire } from 'node:module';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { ajvKnows, EXAMPLE_VALIDATION } from '../../contracts/ajv-options.js';
import { toJsonSchemaKeywords } from '../../contracts/json-schema-dialect.js';
import type { SpecVersion } from '../../contracts/spec-version.js';
import { isRecord } from '../../sources/pointer.js';
import type { RefResolver } from './resolver.js';
import { SharedSchemas } from './example-shared.js';

/** Which way a body travels: a request's sample leaves out read-only properties, a response's write-only ones. */
export type Direction = 'request' | 'response';

const BASE = 'https://specsite.invalid/example-schemas/';

/** Keywords whose value is one schema, a list of schemas, or a map of names to schemas. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const ONE_MORE = ['unevaluatedItems', 'unevaluatedProperties', 'additionalItems'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const MAP = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];
/** Keys that would give a copy its own base URI or dynamic scope, and so break the rewritten `$ref`s. */
const SCOPE = ['$id', '$schema', '$anchor', '$dynamicAnchor', 'id'];

/**
 * Validators for generated examples, checked against the reference document (the contract's 3.x view)
 * the sampler read. Each schema a `$ref` names is converted once to JSON Schema 2020-12 (3.0's
 * `nullable` and boolean bounds, as the `example-valid` rule reads them) and given to one Ajv under its
 * own id, so compiling many bodies that share models compiles each model once. A request's copy drops
 * read-only properties from `required` (a client does not send them), a response's write-only ones.
 */
export class ExampleValidators {
  private ajv: Ajv2020 | undefined;
  private readonly added = new Set<string>();
  private readonly shared = new SharedSchemas(BASE, (schema, id) => this.instance().addSchema(schema, id));
  private readonly compiled = new Map<Direction, WeakMap<object, ValidateFunction | null>>([
    ['request', new WeakMap()],
    ['response', new WeakMap()],
  ]);

  constructor(
    private readonly resolver: RefResolver,
    private readonly version: SpecVersion,
  ) {}

  /**
   * The validator of a schema, or null when Ajv cannot compile it (then no example can be vouched for).
   * A schema that a `$ref` names is compiled by that name, once with the schemas that refer to it.
   */
  get(schema: Record<string, unknown>, direction: Direction, ref?: string): ValidateFunction | null {
    const cache = this.compiled.get(direction) as WeakMap<object, ValidateFunction | null>;
    let validate = cache.get(schema);
    if (validate !== undefined) return validate;
    try {
      const id = ref === undefined ? undefined : this.named(ref, direction);
      validate = this.instance().compile(id === undefined ? (this.copy(schema, direction) as object) : { $ref: id });
    } catch {
      validate = null;
    }
    cache.set(schema, validate);
    return validate;
  }

  /** Whether this Ajv knows a keyword (one it does not know it ignores: `strict: false`). */
  knows(keyword: string): boolean {
    return ajvKnows(this.instance(), keyword);
  }

  private instance(): Ajv2020 {
    if (this.ajv) return this.ajv;
    // Ajv is loaded by the first page that needs a generated example; both are CommonJS.
    const require = createRequire(import.meta.url);
    const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    const formats = require('ajv-formats') as { default: (ajv: Ajv2020) => void };
    this.ajv = new Ajv({ ...EXAMPLE_VALIDATION, inlineRefs: false });
    formats.default(this.ajv);
    return this.ajv;
  }

  private refId(pointer: string, direction: Direction): string {
    return `${BASE}${direction}/${encodeURIComponent(pointer)}`;
  }

  /** Adds the schema a document-internal `$ref` names (once per direction); returns the id to refer to. */
  private named(ref: string, direction: Direction): string | undefined {
    const target = this.resolver.target(ref);
    if (!target) return undefined;
    const id = this.refId(target.pointer ?? ref, direction);
    if (this.added.has(id)) return id;
    this.added.add(id);
    this.instance().addSchema(this.copy(target.value, direction) as object, id);
    return id;
  }

  /** The schema in 2020-12 keywords, `$ref`s pointed at the ids `named` gives. */
  private copy(node: unknown, direction: Direction): unknown {
    if (typeof node === 'boolean') return node;
    if (!isRecord(node)) return {};
    // A copy: 3.1 schemas come back from the conversion as the very object the document holds.
    const out = { ...toJsonSchemaKeywords(node, this.version) };
    for (const key of SCOPE) if (typeof out[key] === 'string') delete out[key];
    if (typeof out.$ref === 'string') {
      const id = this.named(out.$ref, direction);
      // A `$ref` outside the document is no longer there to check against: nothing can be vouched for.
      if (id === undefined) throw new Error(`unresolved $ref ${out.$ref}`);
      out.$ref = id;
    }
    // Subschemas are compiled once per content (see SharedSchemas), the schema itself as it is.
    const child = (s: unknown): unknown => this.shared.share(this.copy(s, direction));
    for (const key of [...ONE, ...ONE_MORE])
      if (isRecord(out[key]) || typeof out[key] === 'boolean') out[key] = child(out[key]);
    for (const key of LIST) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(child);
    for (const key of MAP)
      if (isRecord(out[key])) out[key] = Object.fromEntries(Object.entries(out[key]).map(([k, s]) => [k, child(s)]));
    if (Array.isArray(out.required) && isRecord(node.properties)) {
      const skipped = direction === 'request' ? 'readOnly' : 'writeOnly';
      const properties = node.properties;
      out.required = out.required.filter(
        (name) => !(typeof name === 'string' && this.resolver.follow(properties[name])?.value[skipped] === true),
      );
    }
    return out;
  }
}
