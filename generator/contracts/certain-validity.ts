import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isRecord } from '../sources/pointer.js';
import { linearRegExp } from './pattern-engine.js';

/** Keywords Ajv reads and validates nothing with. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  '$defs',
  'definitions',
]);
/** Keywords that move a schema's base URI or dynamic scope: where one is met, Ajv decides. */
const SCOPE = new Set([
  '$id',
  'id',
  '$schema',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveRef',
  '$recursiveAnchor',
  '$vocabulary',
]);
const TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'integer', 'string']);
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'];
const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
const LISTS = ['allOf', 'anyOf'];
/** Most schema-and-value steps one check takes, and how deep they nest, before it is left to Ajv. */
const MAX_STEPS = 20_000;
const MAX_NESTING = 200;
/**
 * Most steps of both walks over all checks: past it every check is left to Ajv, as before this class,
 * so what a contract can make it spend is bounded (a chain of schemas that ends in a keyword not read
 * here is walked again from each schema leading to it).
 */
const MAX_TOTAL_STEPS = 5_000_000;

type Schema = Record<string, unknown> | boolean;
/** The schema a `$ref` written in the document names, or undefined when it is not certain to be that one. */
export type RefTarget = (ref: string) => Schema | undefined;
type FormatDefinition = RegExp | ((value: string) => boolean) | { type?: string; async?: boolean; validate: unknown };

/**
 * Says, without compiling, that a value is valid against a schema, where that is certain: the schema
 * and every schema its `$ref`s reach use only keywords read here (types, properties, `required`,
 * `additionalProperties`, `items`, `allOf`, `anyOf`, `enum`/`const` of plain values, lengths, counts,
 * bounds, `pattern` through the same linear-time engine, `format` through the same ajv-formats
 * functions), each well formed (so Ajv compiles it), plus keywords Ajv ignores; and the value passes
 * each of them as Ajv's generated code would. Anything else (`oneOf`, `not`, a `nullable` left
 * unconverted, an object in an `enum`, a value that fails) is "not certain", and Ajv decides as before:
 * this only spares the compiling of schemas whose examples pass (most of GitHub's), and every
 * finding, being Ajv's, stays the same.
 */
export class CertainValidity {
  /** Schemas whose whole reach is known to compile (true) or to hold something not read here (false). */
  private readonly reach = new WeakMap<object, boolean>();
  private readonly patterns = new Map<string, { test: (text: string) => boolean }>();

  private readonly views = new WeakMap<object, Record<string, unknown>>();
  private spent = 0;

  /**
   * `knownToAjv`: whether the Ajv that would decide knows a keyword. `dialect`: the schema object as
   * that Ajv is given it (3.0's `nullable` rewritten), when it is given a rewritten copy.
   */
  constructor(
    private readonly knownToAjv: (keyword: string) => boolean,
    private readonly dialect?: (schema: Record<string, unknown>) => Record<string, unknown>,
  ) {}

  private view(schema: Record<string, unknown>): Record<string, unknown> {
    if (!this.dialect) return schema;
    let view = this.views.get(schema);
    if (!view) this.views.set(schema, (view = this.dialect(schema)));
    return view;
  }

  valid(schema: unknown, value: unknown, target: RefTarget): boolean {
    if (!isSchema(schema) || !this.compiles(schema, target)) return false;
    if (this.spent > MAX_TOTAL_STEPS) return false;
    const walk = { steps: 0 };
    return this.accepts(schema, value, target, walk, 0);
  }

  /** Whether every schema reached from this one is read here and well formed; walked once, remembered for all it reached. */
  private compiles(root: Schema, target: RefTarget): boolean {
    if (typeof root === 'boolean') return true;
    const known = this.reach.get(root);
    if (known !== undefined) return known;
    const seen = new Set<object>();
    const pending: Schema[] = [root];
    while (pending.length > 0) {
      const node = pending.pop() as Schema;
      if (++this.spent > MAX_TOTAL_STEPS) return false;
      if (typeof node === 'boolean' || seen.has(node) || this.reach.get(node) === true) continue;
      const children = this.reach.get(node) === false ? undefined : this.reachedFrom(node, target);
      if (!children) {
        this.reach.set(node, false);
        this.reach.set(root, false);
        return false;
      }
      seen.add(node);
      pending.push(...children);
    }
    // Whatever was reached reaches only what was reached, all of it read here.
    for (const node of seen) this.reach.set(node, true);
    return true;
  }

  /** The schemas one node refers to, or undefined when one of its keywords is not read here or is malformed. */
  private reachedFrom(node: Record<string, unknown>, target: RefTarget): Schema[] | undefined {
    const out: Schema[] = [];
    for (const [key, value] of Object.entries(this.view(node))) {
      if (ANNOTATIONS.has(key)) continue;
      if (SCOPE.has(key)) return undefined;
      if (key === 'type') {
        const types = Array.isArray(value) ? value : [value];
        if (types.length === 0 || !types.every((t) => typeof t === 'string' && TYPES.has(t))) return undefined;
      } else if (key === 'properties') {
        if (!isRecord(value) || !Object.values(value).every(isSchema)) return undefined;
        out.push(...(Object.values(value) as Schema[]));
      } else if (key === 'additionalProperties' || key === 'items') {
        if (!isSchema(value)) return undefined;
        out.push(value);
      } else if (LISTS.includes(key)) {
        if (!Array.isArray(value) || value.length === 0 || !value.every(isSchema)) return undefined;
        out.push(...(value as Schema[]));
      } else if (key === '$ref') {
        const schema = typeof value === 'string' ? target(value) : undefined;
        if (schema === undefined) return undefined;
        out.push(schema);
      } else if (!this.wellFormed(key, value)) return undefined;
    }
    return out;
  }

  private wellFormed(key: string, value: unknown): boolean {
    if (key === 'required') return Array.isArray(value) && value.every((name) => typeof name === 'string');
    if (key === 'enum') return Array.isArray(value) && value.length > 0;
    if (key === 'const') return true;
    if (key === 'uniqueItems') return typeof value === 'boolean';
    if (COUNTS.includes(key)) return Number.isInteger(value) && (value as number) >= 0;
    if (BOUNDS.includes(key)) return Number.isFinite(value);
    if (key === 'format') return typeof value === 'string';
    if (key === 'pattern') return typeof value === 'string' && this.pattern(value) !== undefined;
    // A keyword Ajv does not know, it ignores (`strict: false`); one it knows and this does not read is not certain.
    return !this.knownToAjv(key);
  }

  private pattern(source: string): { test: (text: string) => boolean } | undefined {
    let matcher = this.patterns.get(source);
    if (!matcher) {
      try {
        // What Ajv runs for `pattern` (EXAMPLE_VALIDATION's `code.regExp`, with the `u` flag).
        matcher = linearRegExp(source, 'u');
      } catch {
        return undefined;
      }
      this.patterns.set(source, matcher);
    }
    return matcher;
  }

  private accepts(schema: Schema, value: unknown, target: RefTarget, walk: { steps: number }, depth: number): boolean {
    if (typeof schema === 'boolean') return schema;
    if (++walk.steps > MAX_STEPS || ++this.spent > MAX_TOTAL_STEPS || depth > MAX_NESTING) return false;
    const inner = (s: unknown, v: unknown): boolean => this.accepts(s as Schema, v, target, walk, depth + 1);
    const read = this.view(schema);
    for (const [key, rule] of Object.entries(read)) {
      const passes = (() => {
        switch (key) {
          case 'type':
            return (Array.isArray(rule) ? rule : [rule]).some((t) => hasType(value, t as string));
          case 'enum':
            return isPlain(value) && (rule as unknown[]).some((allowed) => allowed === value);
          case 'const':
            return isPlain(value) && rule === value;
          case '$ref':
            return inner(target(rule as string), value);
          case 'allOf':
            return (rule as unknown[]).every((s) => inner(s, value));
          case 'anyOf':
            return (rule as unknown[]).some((s) => inner(s, value));
          case 'additionalProperties':
            return !isObject(value) || extras(read, value).every((name) => inner(rule, value[name]));
          default:
            return this.keyword(key, rule, value, inner);
        }
      })();
      if (!passes) return false;
    }
    return true;
  }

  /** The keywords that read one kind of value: any other kind passes them. */
  private keyword(key: string, rule: unknown, value: unknown, inner: (s: unknown, v: unknown) => boolean): boolean {
    if (isObject(value)) {
      const own = (name: string): boolean => Object.hasOwn(value, name) && value[name] !== undefined;
      if (key === 'required') return (rule as string[]).every(own);
      if (key === 'properties')
        return Object.entries(rule as Record<string, unknown>).every(
          ([name, s]) => !own(name) || inner(s, value[name]),
        );
      if (key === 'minProperties') return Object.keys(value).length >= (rule as number);
      if (key === 'maxProperties') return Object.keys(value).length <= (rule as number);
    }
    if (Array.isArray(value)) {
      if (key === 'items') return value.every((item) => inner(rule, item));
      if (key === 'minItems') return value.length >= (rule as number);
      if (key === 'maxItems') return value.length <= (rule as number);
      if (key === 'uniqueItems') return rule !== true || distinct(value);
    }
    if (typeof value === 'string') {
      if (key === 'minLength') return [...value].length >= (rule as number);
      if (key === 'maxLength') return [...value].length <= (rule as number);
      if (key === 'pattern') return (this.pattern(rule as string) as { test: (t: string) => boolean }).test(value);
    }
    if (typeof value === 'number') {
      if (key === 'minimum') return value >= (rule as number);
      if (key === 'maximum') return value <= (rule as number);
      if (key === 'exclusiveMinimum') return value > (rule as number);
      if (key === 'exclusiveMaximum') return value < (rule as number);
    }
    if (key === 'format') return formatPasses(rule as string, value);
    return true;
  }
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'boolean' || isRecord(value);
}

/** What Ajv's `type: object` accepts. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value `===` compares as Ajv's deep equality does (objects and arrays are left to Ajv). */
function isPlain(value: unknown): boolean {
  return value === null || ['string', 'boolean'].includes(typeof value) || Number.isFinite(value);
}

/** Ajv's type checks, or stricter (a number must be finite). */
function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return Number.isFinite(value);
    default:
      return typeof value === type;
  }
}

/** The value's own names its schema's `properties` do not list (the ones `additionalProperties` reads). */
function extras(schema: Record<string, unknown>, value: Record<string, unknown>): string[] {
  const named = isRecord(schema.properties) ? schema.properties : {};
  return Object.keys(value).filter((name) => !Object.hasOwn(named, name));
}

/** Plain items that are all different (by type and value); anything else is left to Ajv. */
function distinct(items: readonly unknown[]): boolean {
  if (!items.every(isPlain)) return false;
  return new Set(items.map((item) => `${typeof item}:${String(item)}`)).size === items.length;
}

/** The ajv-formats definition Ajv was given (`addFormats`' full set); an unknown format Ajv ignores (`strict: false`). */
function formatPasses(name: string, value: unknown): boolean {
  if (!Object.hasOwn(fullFormats, name)) return true;
  const definition = (fullFormats as Record<string, FormatDefinition | true>)[name] as FormatDefinition | true;
  if (definition === true) return true;
  const full = definition instanceof RegExp || typeof definition === 'function' ? { validate: definition } : definition;
  if ('async' in full && full.async === true) return false;
  const type = 'type' in full && typeof full.type === 'string' ? full.type : 'string';
  if (typeof value !== type) return true;
  const check = full.validate;
  if (check instanceof RegExp) return check.test(value as string);
  return typeof check === 'function' ? (check as (v: unknown) => boolean)(value) === true : false;
}
