import { toJsonSchemaKeywords } from '../../contracts/json-schema-dialect.js';
import type { SpecVersion } from '../../contracts/spec-version.js';
import { isRecord } from '../../sources/pointer.js';
import type { Direction } from './example-ajv.js';
import type { RefResolver } from './resolver.js';

/**
 * Keywords that could let `repairSample` put another object where the sample's was (an `enum` or
 * `const` value, through a branch of a choice or condition), or that apply to a property from outside
 * `properties`: where one is met, nothing is claimed below it.
 */
const OPEN = [
  'enum',
  'const',
  'oneOf',
  'anyOf',
  'if',
  'then',
  'else',
  'not',
  'dependentSchemas',
  'patternProperties',
  'unevaluatedProperties',
  '$dynamicRef',
  '$recursiveRef',
];
/** Most schema objects one value is checked against (a schema and its `allOf` branches, followed). */
const MAX_PARTS = 64;

/**
 * Whether a sample lacks a property that no repair can give it, so that repairing it is known to fail
 * before Ajv runs (a shallow sample of a webhook's payload stops above the `owner` its `repository`
 * requires). `repairSample` never adds a property to an object; it replaces a whole value only by a
 * scalar or by a value an `enum` or `const` lists, and it removes values, which the schema here
 * forbids. So from the root, along properties that are required and must be objects (`type: object`,
 * not nullable, and none of `OPEN` on the schema, its `$ref`s' siblings or its `allOf` branches), the
 * repaired value holds the sample's own objects: one that is not an object, or lacks a name its schema
 * requires, cannot be made valid. Read-only names in a request and write-only ones in a response are
 * not counted, as the validator (`ExampleValidators`) does not require them. Anything the walk cannot
 * vouch for ends it with "not known", so the answer "unrepairable" is only given when it is certain.
 */
export class UnrepairableSamples {
  constructor(
    private readonly resolver: RefResolver,
    private readonly version: SpecVersion,
  ) {}

  /** True only when no repair of `sample` can be valid against `schema` (see the class comment). */
  lacksRequired(sample: unknown, schema: unknown, direction: Direction): boolean {
    return this.lacks(sample, [schema], direction === 'request' ? 'readOnly' : 'writeOnly');
  }

  private lacks(value: unknown, schemas: unknown[], skipped: string): boolean {
    const parts = this.parts(schemas);
    if (!parts) return false;
    const converted = parts.map((part) => toJsonSchemaKeywords(part, this.version));
    if (!converted.some((part) => part.type === 'object')) return false;
    if (!isRecord(value)) return true;
    for (const name of this.required(parts, skipped)) {
      if (!Object.hasOwn(value, name) || value[name] === undefined) return true;
      const inner = this.propertySchemas(parts, name);
      if (inner && this.lacks(value[name], inner, skipped)) return true;
    }
    return false;
  }

  /** The schemas and their `$ref` targets and `allOf` branches, or undefined when one of them has an `OPEN` keyword. */
  private parts(schemas: unknown[]): Record<string, unknown>[] | undefined {
    const out: Record<string, unknown>[] = [];
    const seen = new Set<object>();
    const pending = [...schemas];
    while (pending.length > 0) {
      const node = pending.pop();
      if (!isRecord(node) || seen.has(node)) continue;
      if (seen.size >= MAX_PARTS || OPEN.some((key) => Object.hasOwn(node, key))) return undefined;
      seen.add(node);
      if (typeof node.$ref === 'string') {
        const target = this.resolver.target(node.$ref)?.value;
        if (!target) return undefined;
        pending.push(target);
      }
      if (Array.isArray(node.allOf)) pending.push(...(node.allOf as unknown[]));
      out.push(node);
    }
    return out;
  }

  /** Names some part requires, less any whose schema in some part is marked `skipped` (fewer than the validator's). */
  private required(parts: Record<string, unknown>[], skipped: string): Set<string> {
    const names = new Set<string>();
    for (const part of parts)
      if (Array.isArray(part.required)) for (const name of part.required) if (typeof name === 'string') names.add(name);
    for (const name of names)
      for (const part of parts) {
        const property = isRecord(part.properties) && Object.hasOwn(part.properties, name) ? part.properties[name] : {};
        if (
          isRecord(property) &&
          (property[skipped] === true || this.resolver.follow(property)?.value[skipped] === true)
        )
          names.delete(name);
      }
    return names;
  }

  /** Every part's schema of the property, or undefined when a part may apply one from outside `properties`. */
  private propertySchemas(parts: Record<string, unknown>[], name: string): unknown[] | undefined {
    const out: unknown[] = [];
    for (const part of parts) {
      if (isRecord(part.properties) && Object.hasOwn(part.properties, name)) out.push(part.properties[name]);
      else if (part.additionalProperties !== undefined && part.additionalProperties !== true) return undefined;
    }
    return out;
  }
}
