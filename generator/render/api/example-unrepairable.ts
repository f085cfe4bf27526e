import { toJsonSchemaKeywords } from '../../contracts/json-schema-dialect.js';
import type { SpecVersion } from '../../contracts/spec-version.js';
import { isRecord } from '../../sources/pointer.js';
import type { CertainValidity } from '../../contracts/certain-validity.js';
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

/** What every valid repair of a sample keeps: whether there can be one, and the fewest characters it prints to. */
export interface Kept {
  lacks: boolean;
  /** A lower bound of `JSON.stringify(repaired, null, 2).length` for any valid repair. */
  least: number;
}

const LACKS: Kept = { lacks: true, least: 0 };

/**
 * What no repair can change in a sample, known before Ajv runs. `repairSample` never adds a property
 * to an object; it replaces a whole value only by a scalar or by a value an `enum` or `const` lists,
 * and it edits or removes only values an Ajv error points at (or the object holding a property
 * `additionalProperties` refuses). So from the root, along properties that are required and must be
 * objects (`type: object`, not nullable, and none of `OPEN` on the schema, its `$ref`s' siblings or its
 * `allOf` branches), the repaired value holds the sample's own objects:
 * - one that is not an object, or lacks a name its schema requires, cannot be made valid (`lacks`: a
 *   shallow sample of a webhook's payload stops above the `owner` its `repository` requires);
 * - a property of one whose value is certainly valid against every schema that applies to it
 *   (`CertainValidity`, read as the example validator reads it) never has an error, so it is kept as it
 *   is, and the required names are kept with some value: the repaired example prints to at least
 *   those lines (`least`). One over the size kept cannot come under it by repairing.
 * Read-only names in a request and write-only ones in a response are not counted as required, as the
 * validator (`ExampleValidators`) does not require them. Anything the walk cannot vouch for ends it
 * with "not known", so both answers only say what is certain.
 */
export class UnrepairableSamples {
  constructor(
    private readonly resolver: RefResolver,
    private readonly version: SpecVersion,
    private readonly certain: CertainValidity,
  ) {}

  /** Whether a valid repair of `sample` can exist, and the least it prints to (see the class comment). */
  kept(sample: unknown, schema: unknown, direction: Direction): Kept {
    return this.walk(sample, [schema], 0, direction === 'request' ? 'readOnly' : 'writeOnly');
  }

  private walk(value: unknown, schemas: unknown[], level: number, skipped: string): Kept {
    const parts = this.parts(schemas);
    const object = parts?.some((part) => toJsonSchemaKeywords(part, this.version).type === 'object');
    if (!parts || !object) return { lacks: false, least: this.certainSize(value, schemas, level) };
    if (!isRecord(value)) return LACKS;
    const required = this.required(parts, skipped);
    for (const name of required) if (!Object.hasOwn(value, name) || value[name] === undefined) return LACKS;
    let total = 0;
    let count = 0;
    for (const [name, item] of Object.entries(value)) {
      if (item === undefined) continue;
      const inner = required.has(name) ? this.propertySchemas(parts, name) : undefined;
      let size = 0;
      if (inner) {
        const child = this.walk(item, inner, level + 1, skipped);
        if (child.lacks) return LACKS;
        size = child.least;
      } else size = this.certainSize(item, this.applying(parts, name), level + 1);
      // A required value is kept with at least one character; another is kept only when certainly valid.
      if (required.has(name)) size = Math.max(size, 1);
      if (size === 0) continue;
      total += 2 * (level + 1) + JSON.stringify(name).length + 2 + size;
      count += 1;
    }
    // `{` and `}` alone, or `{\n`, the lines joined by `,\n`, then `\n` and the closing line's indentation.
    return { lacks: false, least: count === 0 ? 2 : total + 2 * (count - 1) + 4 + 2 * level };
  }

  /** The value's pretty size at this indentation when every schema certainly accepts it, else 0 (it may change). */
  private certainSize(value: unknown, schemas: unknown[], level: number): number {
    const target = (ref: string) => this.resolver.target(ref)?.value;
    if (value === undefined || !schemas.every((schema) => this.certain.valid(schema, value, target))) return 0;
    const text = JSON.stringify(value, null, 2);
    return text.length + 2 * level * (text.split('\n').length - 1);
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

  /** Every schema that applies to the property: a part's `properties` entry, else its `additionalProperties`. */
  private applying(parts: Record<string, unknown>[], name: string): unknown[] {
    return parts.flatMap((part) =>
      isRecord(part.properties) && Object.hasOwn(part.properties, name)
        ? [part.properties[name]]
        : part.additionalProperties !== undefined
          ? [part.additionalProperties]
          : [],
    );
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
