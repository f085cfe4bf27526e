import { isRecord } from '../sources/pointer.js';
import { SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './schema-keywords.js';

/**
 * Keywords that only annotate: a validator never reads them. (`discriminator` and `xml` are
 * OpenAPI's; Ajv knows `discriminator` only when told to, and is not.)
 */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'externalDocs',
  'xml',
  'discriminator',
]);
const SCHEMA_MAPS = new Set<string>(SCHEMA_MAP_KEYWORDS);
const SCHEMA_LISTS = new Set<string>(SCHEMA_LIST_KEYWORDS);
const SCHEMAS = new Set<string>(SCHEMA_KEYWORDS);

/**
 * A JSON Schema as text without its annotations, at every level: two schemas of one document with
 * the same key accept the same values with the same errors. Keys keep their order, which is the
 * order a validator reports errors in.
 */
export function validationKey(schema: unknown): string {
  return JSON.stringify(withoutAnnotations(schema));
}

function withoutAnnotations(schema: unknown): unknown {
  if (!isRecord(schema)) return schema;
  // No prototype, so that a `__proto__` key is kept as a key like any other.
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (SCHEMA_MAPS.has(key) && isRecord(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutAnnotations(sub)]));
    else if ((SCHEMA_LISTS.has(key) || SCHEMAS.has(key)) && Array.isArray(value))
      out[key] = value.map(withoutAnnotations);
    else if (SCHEMAS.has(key)) out[key] = withoutAnnotations(value);
    else out[key] = value;
  }
  return out;
}
