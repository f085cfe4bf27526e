import { compilePattern } from '../../contracts/pattern-engine.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';

/** Most fixes tried on one sample before it is given up. */
const MAX_STEPS = 40;
/** Most items a fix adds to reach `minItems`, or characters to reach `minLength`. */
const MAX_GROWTH = 64;

/** Values that pass Ajv's formats where openapi-sampler's placeholder may not (or gives none). */
const FORMAT_VALUES: Record<string, unknown> = {
  'date-time': '2019-08-24T14:15:22Z',
  date: '2019-08-24',
  time: '14:15:22Z',
  duration: 'P3D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.168.0.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com',
  'uri-reference': 'https://example.com',
  iri: 'https://example.com',
  'iri-reference': 'https://example.com',
  url: 'https://example.com',
  'uri-template': 'https://example.com/{id}',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  'json-pointer': '/a/b',
  'relative-json-pointer': '0/a',
  regex: '^a$',
  byte: 'U3dhZ2dlciByb2Nrcw==',
  int32: 0,
  int64: 0,
  float: 0,
  double: 0,
};

type Json = unknown;
type Container = Record<string, Json> | Json[];

/**
 * Brings a sample into line with its schema, Ajv error by error: a value that breaks an `enum`,
 * `const`, `format` or a bound is replaced by one that keeps it; arrays grow, shrink or lose
 * duplicates; properties the schema forbids are dropped; an optional value that cannot be fixed
 * (a `pattern`, a `not`) is left out when that leaves fewer errors. What cannot be brought into line
 * returns undefined: no example is better than a wrong one.
 */
export function repairSample(sample: Json, validate: ValidateFunction): Json | undefined {
  let value = structuredClone(sample);
  for (let step = 0; step < MAX_STEPS; step++) {
    if (validate(value)) return value;
    const errors = validate.errors ?? [];
    // Every error whose fix does not touch another's value is fixed in one step: validating is the cost.
    // The fixes edit one copy of the sample, made by the first; `value` stays as it was for `dropOne`.
    const draft = new Draft(value);
    const touched: string[] = [];
    for (const error of errors) {
      const path = error.instancePath;
      if (touched.some((done) => path.startsWith(done) || done.startsWith(path))) continue;
      if (!fix(draft, error)) continue;
      touched.push(path);
    }
    const next = touched.length > 0 ? { value: draft.root } : dropOne(value, errors, validate);
    if (!next) return undefined;
    value = next.value;
  }
  return validate(value) ? value : undefined;
}

/** A sample being fixed: read as it is, copied once at the first edit. */
class Draft {
  private copy: { value: Json } | undefined;
  constructor(private readonly base: Json) {}
  get root(): Json {
    return this.copy ? this.copy.value : this.base;
  }
  set root(value: Json) {
    this.copy = { value };
  }
  writable(): Json {
    this.copy ??= { value: structuredClone(this.base) };
    return this.copy.value;
  }
}

/** Whether one error's fix was applied to the draft (false when this error has no direct fix). */
function fix(draft: Draft, error: ErrorObject): boolean {
  const params = error.params as Record<string, unknown>;
  const current = valueAt(draft.root, error.instancePath);
  // A fix that changes nothing is no fix: another error's may be.
  const replace = (replacement: Json): boolean =>
    JSON.stringify(replacement) !== JSON.stringify(current) && replaceIn(draft, error.instancePath, replacement);
  switch (error.keyword) {
    case 'enum':
      return Array.isArray(params.allowedValues) && params.allowedValues.length > 0
        ? replace(params.allowedValues[0])
        : false;
    case 'const':
      return replace(params.allowedValue);
    case 'format': {
      const format = String(params.format);
      const known = Object.hasOwn(FORMAT_VALUES, format) ? FORMAT_VALUES[format] : undefined;
      return known !== undefined && known !== current && replace(known);
    }
    case 'minimum':
    case 'maximum':
      return typeof params.limit === 'number' ? replace(params.limit) : false;
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return typeof params.limit === 'number'
        ? replace(params.limit + (error.keyword === 'exclusiveMinimum' ? 1 : -1))
        : false;
    case 'multipleOf':
      return typeof params.multipleOf === 'number' ? replace(params.multipleOf) : false;
    case 'minLength':
      return typeof current === 'string' && typeof params.limit === 'number' && params.limit <= MAX_GROWTH
        ? replace(current.padEnd(params.limit, current.at(-1) ?? 'a'))
        : false;
    case 'maxLength':
      return typeof current === 'string' && typeof params.limit === 'number'
        ? replace([...current].slice(0, params.limit).join(''))
        : false;
    case 'minItems':
      return Array.isArray(current) && current.length > 0 && typeof params.limit === 'number'
        ? params.limit <= MAX_GROWTH
          ? replace([...current, ...Array.from({ length: params.limit - current.length }, () => current.at(-1))])
          : false
        : false;
    case 'maxItems':
      return Array.isArray(current) && typeof params.limit === 'number'
        ? replace(current.slice(0, params.limit))
        : false;
    case 'uniqueItems':
      return Array.isArray(current) ? replace(distinct(current)) : false;
    case 'type': {
      const plain = valueOfType(params.type);
      return plain !== undefined && replace(plain);
    }
    case 'pattern':
      return typeof params.pattern === 'string' ? replaceMatching(params.pattern, replace) : false;
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = params.additionalProperty ?? params.unevaluatedProperty;
      return typeof name === 'string' && removeIn(draft, `${error.instancePath}/${escape(name)}`);
    }
    default:
      return false;
  }
}

/** The items with each repeat of a string or number made different (`string2`, 1 → 2), other repeats left out. */
function distinct(items: readonly Json[]): Json[] {
  const seen = new Set<string>();
  const out: Json[] = [];
  for (const item of items) {
    let value = item;
    for (let n = 1; seen.has(JSON.stringify(value)) && n <= items.length; n++)
      value = typeof item === 'string' ? `${item}${n + 1}` : typeof item === 'number' ? item + n : value;
    if (seen.has(JSON.stringify(value))) continue;
    seen.add(JSON.stringify(value));
    out.push(value);
  }
  return out;
}

/** Short strings that match common patterns (ids of digits, words, codes). */
const PATTERN_GUESSES = ['1', '0', '123', 'a', 'abc', 'A', 'ABC', 'example', 'abc-123', 'a1', 'AB12', 'us-east-1'];

function replaceMatching(pattern: string, replace: (value: Json) => boolean): boolean {
  // The linear-time engine the `example-valid` rule runs patterns with: a contract's pattern cannot backtrack here.
  const compiled = compilePattern(pattern);
  if (!compiled.ok) return false;
  const guess = PATTERN_GUESSES.find((text) => compiled.test(text));
  return guess !== undefined && replace(guess);
}

/**
 * A plain value of the (first) type a `type` error asks for; null first, as a nullable value's error
 * names it. An empty object or array would only move the error inside it: those are left out instead.
 */
function valueOfType(type: unknown): Json {
  const types = Array.isArray(type) ? type : [type];
  const first = types.includes('null') ? 'null' : types[0];
  const plain: Record<string, Json> = {
    null: null,
    integer: 0,
    number: 0,
    string: 'string',
    boolean: true,
  };
  return Object.hasOwn(plain, String(first)) ? plain[String(first)] : undefined;
}

/** Leaves out one value an error points at, when the sample then has fewer errors. */
function dropOne(root: Json, errors: readonly ErrorObject[], validate: ValidateFunction): { value: Json } | undefined {
  const paths = [...new Set(errors.map((e) => e.instancePath).filter((p) => p !== ''))];
  for (const path of paths) {
    const next = removeAt(root, path);
    if (!next) continue;
    if (validate(next.value) || (validate.errors?.length ?? Infinity) < errors.length) return next;
  }
  return undefined;
}

function escape(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Ajv's `instancePath`: a JSON pointer, not URI-encoded. */
function segments(path: string): string[] | undefined {
  if (path === '') return [];
  if (!path.startsWith('/')) return undefined;
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function valueAt(root: Json, path: string): Json {
  let node = root;
  // Own keys only: a sample's property may be named `constructor` or `__proto__`.
  for (const key of segments(path) ?? [])
    node =
      typeof node === 'object' && node !== null && Object.hasOwn(node, key)
        ? (node as Record<string, Json>)[key]
        : undefined;
  return node;
}

/** The value at `path` replaced in the draft (a value the sample holds only). */
function replaceIn(draft: Draft, path: string, replacement: Json): boolean {
  const keys = segments(path);
  if (!keys) return false;
  if (keys.length === 0) {
    draft.root = structuredClone(replacement);
    return true;
  }
  const parentPath = path.slice(0, path.lastIndexOf('/'));
  const parent = valueAt(draft.root, parentPath);
  const key = keys.at(-1) as string;
  // Only a value the sample holds is replaced: assigning an absent `__proto__` would set the prototype.
  if (typeof parent !== 'object' || parent === null || !Object.hasOwn(parent, key)) return false;
  (valueAt(draft.writable(), parentPath) as Record<string, Json>)[key] = structuredClone(replacement);
  return true;
}

/** The property or array item at `path` left out of the draft. */
function removeIn(draft: Draft, path: string): boolean {
  const keys = segments(path);
  if (!keys || keys.length === 0) return false;
  const parentPath = path.slice(0, path.lastIndexOf('/'));
  const parent = valueAt(draft.root, parentPath) as Container | undefined;
  const key = keys.at(-1) as string;
  if (Array.isArray(parent)) (valueAt(draft.writable(), parentPath) as Json[]).splice(Number(key), 1);
  else if (typeof parent === 'object' && parent !== null && Object.hasOwn(parent, key))
    delete (valueAt(draft.writable(), parentPath) as Record<string, Json>)[key];
  else return false;
  return true;
}

/**
 * A copy of the sample without the property or array item at `path`, as `removeIn` leaves it. Only
 * the containers on the path are copied; the rest is shared with `root`, which is never written to
 * (a draft copies its value before the first edit). `dropOne` tries every path an error names, and
 * a whole copy for each was a fifth of the repairs' time on GitHub's webhook payloads.
 */
function removeAt(root: Json, path: string): { value: Json } | undefined {
  const keys = segments(path);
  if (!keys || keys.length === 0) return undefined;
  const top = shallowCopy(root);
  let parent = top;
  for (const key of keys.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null || !Object.hasOwn(parent, key)) return undefined;
    const child = shallowCopy((parent as Record<string, Json>)[key]);
    (parent as Record<string, Json>)[key] = child;
    parent = child;
  }
  const key = keys.at(-1) as string;
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else if (typeof parent === 'object' && parent !== null && Object.hasOwn(parent, key))
    delete (parent as Record<string, Json>)[key];
  else return undefined;
  return { value: top };
}

function shallowCopy(value: Json): Json {
  if (Array.isArray(value)) return [...(value as Json[])];
  return typeof value === 'object' && value !== null ? { ...value } : value;
}
