import { isRecord } from '../../../sources/pointer.js';
import { asRecord, asString, type RefResolver } from '../resolver.js';
import { FORM_ESCAPING, scalar, stylePairs, type Style } from './parameter-style.js';

/** Where a type lives in the generated package: a named entity, or a path into `paths`. */
export type TypeRef =
  { kind: 'named'; name: string } | { kind: 'indexed'; root: 'paths'; keys: Array<string | number> };

/** A request body as its media type and `encoding` say it is sent. */
export type BodyPlan =
  | { kind: 'json'; mediaType: string; value: unknown; type: TypeRef | undefined }
  /** Name/value pairs before URL encoding (`card[number]`, `4242`), in order, names repeated for arrays. */
  | { kind: 'form'; mediaType: string; pairs: Array<[string, string]> }
  | { kind: 'multipart'; mediaType: string; parts: PartPlan[] }
  | { kind: 'text'; mediaType: string; text: string }
  /** Bytes the caller has: a file on disk for curl, a Blob in TypeScript. */
  | { kind: 'file'; mediaType: string };

/** One part of a multipart form: text (JSON already written out) or, when `text` is undefined, a file. */
export interface PartPlan {
  name: string;
  text: string | undefined;
  contentType: string | undefined;
}

/** The file a sample sends where the contract asks for bytes (curl reads it; TypeScript sends a Blob named so). */
export const SAMPLE_FILE = 'file';

/** The placeholder `exampleValue` writes for `format: binary`. */
const BINARY = '<binary>';
const JSON_MEDIA = /json/i;
const TOKEN = '[A-Za-z0-9!#$&^_.+-]+';
/** `type/subtype`, with at most a charset: the only parameter worth a part's header, and one curl's `-F` reads as data. */
const MEDIA_TYPE = new RegExp(`^(${TOKEN}/${TOKEN})(\\s*;\\s*charset=${TOKEN})?$`, 'i');
/** Schema nesting searched for a property (allOf and friends): deeper ones are treated as untyped. */
const MAX_SEARCH = 8;

export function bodyPlan(
  mediaType: string,
  media: Record<string, unknown>,
  value: unknown,
  type: TypeRef | undefined,
  resolver: RefResolver,
): BodyPlan {
  // A form example written as a string is already the body.
  const form = typeof value !== 'string';
  if (/^multipart\/form-data\b/i.test(mediaType) && form)
    return { kind: 'multipart', mediaType, parts: isRecord(value) ? multipartParts(media, value, resolver) : [] };
  if (/^application\/x-www-form-urlencoded\b/i.test(mediaType) && form)
    return { kind: 'form', mediaType, pairs: isRecord(value) ? formPairs(media, value) : [] };
  const binary = value === BINARY || isBinary(media.schema, resolver);
  if (JSON_MEDIA.test(mediaType) || (mediaType === '*/*' && !binary)) return { kind: 'json', mediaType, value, type };
  if (binary) return { kind: 'file', mediaType };
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return { kind: 'text', mediaType, text: String(value) };
  if (value === undefined && /^text\//i.test(mediaType)) return { kind: 'text', mediaType, text: '' };
  return { kind: 'file', mediaType };
}

/**
 * OpenAPI 3.1.1 §4.8.15.3 (and 3.0.4): a property whose Encoding Object has `style`, `explode` or
 * `allowReserved` is written like a query parameter of that style (`deepObject` gives `card[number]=…`);
 * without them it is written per its content type: text as it is, objects and arrays' objects as JSON.
 */
function formPairs(media: Record<string, unknown>, value: Record<string, unknown>): Array<[string, string]> {
  const encoding = asRecord(media.encoding);
  return Object.entries(value).flatMap(([name, item]): Array<[string, string]> => {
    const entry = Object.hasOwn(encoding, name) ? asRecord(encoding[name]) : {};
    if (entry.style !== undefined || entry.explode !== undefined || entry.allowReserved !== undefined) {
      const style = (asString(entry.style) || 'form') as Style;
      const explode = typeof entry.explode === 'boolean' ? entry.explode : style === 'form';
      return stylePairs(name, item, style, explode, FORM_ESCAPING);
    }
    const json = JSON_MEDIA.test(contentType(entry) ?? '');
    return (Array.isArray(item) ? item : [item]).map((one) => [
      name,
      json || (typeof one === 'object' && one !== null) ? JSON.stringify(one) : scalar(one),
    ]);
  });
}

/**
 * One part per property (one per item of an array, under the same name, as RFC 7578 §4.3 says): binary
 * schemas are files; objects are JSON; the rest is text. A part's type is its `encoding.contentType`
 * (the first of a list), else OpenAPI's default for its schema.
 */
function multipartParts(
  media: Record<string, unknown>,
  value: Record<string, unknown>,
  resolver: RefResolver,
): PartPlan[] {
  const encoding = asRecord(media.encoding);
  const parts: PartPlan[] = [];
  for (const [name, item] of Object.entries(value)) {
    const declared = contentType(Object.hasOwn(encoding, name) ? asRecord(encoding[name]) : {});
    const schema = propertySchema(media.schema, name, resolver, 0);
    const items: Array<[unknown, unknown]> = Array.isArray(item)
      ? item.map((one) => [one, resolver.follow(schema)?.value.items])
      : [[item, schema]];
    for (const [one, itemSchema] of items) {
      if (one === BINARY || isBinary(itemSchema, resolver))
        parts.push({ name, text: undefined, contentType: declared ?? 'application/octet-stream' });
      else if ((typeof one === 'object' && one !== null) || JSON_MEDIA.test(declared ?? ''))
        parts.push({ name, text: JSON.stringify(one ?? null), contentType: declared ?? 'application/json' });
      else
        parts.push({
          name,
          text: scalar(one),
          contentType: /^text\/plain$/i.test(declared ?? '') ? undefined : declared,
        });
    }
  }
  return parts;
}

/** The first concrete type of an Encoding Object's `contentType` list; a wildcard or malformed one counts as none. */
function contentType(entry: Record<string, unknown>): string | undefined {
  const first = asString(entry.contentType).split(',')[0]?.trim() ?? '';
  const main = first.split(';')[0]?.trim() ?? '';
  return MEDIA_TYPE.test(first) ? first : MEDIA_TYPE.test(main) ? main : undefined;
}

/** `format: binary` (3.0), or a `contentMediaType` without `contentEncoding` (3.1's raw bytes). */
function isBinary(schema: unknown, resolver: RefResolver): boolean {
  const resolved = resolver.follow(schema)?.value;
  if (!resolved) return false;
  return (
    resolved.format === 'binary' ||
    (typeof resolved.contentMediaType === 'string' && resolved.contentEncoding === undefined)
  );
}

function propertySchema(schema: unknown, name: string, resolver: RefResolver, depth: number): unknown {
  const resolved = resolver.follow(schema)?.value;
  if (!resolved || depth > MAX_SEARCH) return undefined;
  const properties = asRecord(resolved.properties);
  if (Object.hasOwn(properties, name)) return properties[name];
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = resolved[keyword];
    if (!Array.isArray(list)) continue;
    for (const part of list) {
      const found = propertySchema(part, name, resolver, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
