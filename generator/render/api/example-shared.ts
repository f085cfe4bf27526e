import { isRecord } from '../../sources/pointer.js';

/** Fewest JSON values (objects, arrays and scalars) a subschema holds to be compiled once and referred to. */
const MIN_SHARED_SIZE = 24;

/** What a JSON value is, told by content: equal values get equal `key`s. */
interface Shape {
  key: number;
  size: number;
  /** Whether it may be compiled on its own: no evaluation that looks across `$ref`s, no `$ref` by a relative URI. */
  portable: boolean;
}

/** Keywords whose result depends on what a schema's neighbours evaluated, or on the dynamic scope. */
const CONTEXTUAL = new Set(['unevaluatedProperties', 'unevaluatedItems', '$dynamicRef', '$recursiveRef']);
/** Keys that, as strings, could name a schema or scope to Ajv where the copy left them (registered twice if shared). */
const SCOPE = new Set(['$id', '$schema', '$anchor', '$dynamicAnchor', 'id']);

/**
 * Subschemas written out again and again (a webhook's payload repeats the same inline `pull_request`,
 * `repository` and `user` objects in each of its dozens of events) compiled once: each large
 * converted subschema is told by its content and given to Ajv under one id, which every copy then
 * refers to. A `$ref` reports its target's errors where the inline code would, in the same order and
 * at the same instance paths, so the repairs and the examples kept are the same; only the errors'
 * `schemaPath` differs, which nothing reads.
 */
export class SharedSchemas {
  private readonly shapes = new WeakMap<object, Shape>();
  private readonly keys = new Map<string, number>();
  private readonly ids = new Map<number, string>();

  constructor(
    private readonly base: string,
    private readonly add: (schema: object, id: string) => void,
  ) {}

  /** The converted subschema, or a `$ref` to the one schema of its content when it is large. */
  share(schema: unknown): unknown {
    if (!isRecord(schema)) return schema;
    const shape = this.shape(schema);
    if (shape.size < MIN_SHARED_SIZE || !shape.portable) return schema;
    let id = this.ids.get(shape.key);
    if (id === undefined) {
      id = `${this.base}shared/${shape.key}`;
      this.ids.set(shape.key, id);
      this.add(schema, id);
    }
    return { $ref: id };
  }

  /** Keys in their written order: the order of properties is the order of Ajv's errors. */
  private shape(value: object): Shape {
    const known = this.shapes.get(value);
    if (known) return known;
    let size = 1;
    let portable = true;
    const parts: string[] = [];
    for (const [name, item] of Object.entries(value)) {
      if (CONTEXTUAL.has(name) || (SCOPE.has(name) && typeof item === 'string')) portable = false;
      if (name === '$ref' && (typeof item !== 'string' || !item.startsWith(this.base))) portable = false;
      if (typeof item === 'object' && item !== null) {
        const inner = this.shape(item);
        size += inner.size;
        portable &&= inner.portable;
        parts.push(`${JSON.stringify(name)}#${inner.key}`);
      } else {
        size += 1;
        parts.push(`${JSON.stringify(name)}=${JSON.stringify(item)}`);
      }
    }
    const text = `${Array.isArray(value) ? '[' : '{'}${parts.join(',')}`;
    let key = this.keys.get(text);
    if (key === undefined) this.keys.set(text, (key = this.keys.size));
    const shape = { key, size, portable };
    this.shapes.set(value, shape);
    return shape;
  }
}
