import { readable } from './path-groups.js';

/** What the contract says a value is, when it gives one: its example, first example, first enum value, default or const. */
export const VALUE_FACTS = ['example', 'examples', 'enum', 'default', 'const'] as const;

/** The integer an id gets when the contract gives none: small, positive, and the same in the path and the body. */
export const SAMPLE_ID = 42;

/**
 * Values of a format that read as real ones, fixed so two builds write the same bytes. They are
 * placeholders in reserved ranges (example.com, 192.0.2.0/24, 2001:db8::/32), never a real address.
 */
const FORMAT_VALUES: Record<string, string> = {
  'date-time': '2026-01-15T09:30:00Z',
  date: '2026-01-15',
  time: '09:30:00Z',
  email: 'jane.doe@example.com',
  'idn-email': 'jane.doe@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  iri: 'https://example.com/',
  uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  hostname: 'api.example.com',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::10',
};

/** `id`, `bucketId`, `bucket_id`, `bucketID`: a name that holds an identifier. */
export function isIdName(name: string): boolean {
  return /^id$|[a-z0-9](Id|ID|_id)$/.test(name);
}

/** The schema states its own value (an example, an enum, a default or a const), which is always preferred. */
export function hasValueFacts(schema: Record<string, unknown>): boolean {
  return VALUE_FACTS.some((key) =>
    key === 'examples' || key === 'enum' ? Array.isArray(schema[key]) : schema[key] !== undefined,
  );
}

/**
 * A value for a scalar schema that states none of its own, from its format or its property's name,
 * or undefined when nothing better than the sampler's placeholder can be said. It invents no fact:
 * a name reads "Example name", an id is `SAMPLE_ID`. A value outside the schema's bounds is not given.
 */
export function plausibleValue(schema: Record<string, unknown>, name?: string): string | number | undefined {
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  const type = types[0];
  if (type === 'string') {
    if (typeof schema.pattern === 'string') return undefined;
    const text = stringValue(typeof schema.format === 'string' ? schema.format : undefined, name);
    return text !== undefined && withinLength(schema, text) ? text : undefined;
  }
  if ((type === 'integer' || type === 'number') && name !== undefined && isIdName(name))
    return withinBounds(schema, SAMPLE_ID) ? SAMPLE_ID : undefined;
  return undefined;
}

/** A format's value; without a format, one from the property's name: `bucket-42` for an id, else "Example <name in words>". */
function stringValue(format: string | undefined, name: string | undefined): string | undefined {
  if (format !== undefined) return Object.hasOwn(FORMAT_VALUES, format) ? FORMAT_VALUES[format] : undefined;
  if (name === undefined || !/\w/.test(name)) return undefined;
  return isIdName(name) ? `${idStem(name)}-${SAMPLE_ID}` : `Example ${readable(name).toLowerCase()}`;
}

/** `bucketId` → `bucket`, `bucket_id` → `bucket`, `id` → `id`. */
function idStem(name: string): string {
  const stem = name.replace(/_?(Id|ID|id)$/, '');
  return stem === '' ? 'id' : readable(stem).toLowerCase().replace(/\s+/g, '-');
}

export function withinLength(schema: Record<string, unknown>, text: string): boolean {
  const length = [...text].length;
  return (
    !(typeof schema.minLength === 'number' && length < schema.minLength) &&
    !(typeof schema.maxLength === 'number' && length > schema.maxLength)
  );
}

export function withinBounds(schema: Record<string, unknown>, value: number): boolean {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
  return (
    !(typeof minimum === 'number' && (value < minimum || (exclusiveMinimum === true && value === minimum))) &&
    !(typeof maximum === 'number' && (value > maximum || (exclusiveMaximum === true && value === maximum))) &&
    !(typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) &&
    !(typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) &&
    !(typeof multipleOf === 'number' && multipleOf > 0 && value % multipleOf !== 0)
  );
}
