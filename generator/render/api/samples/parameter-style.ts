import { isRecord } from '../../../sources/pointer.js';

/**
 * OpenAPI's serialization styles (the Parameter Object's `style`/`explode`, which the Encoding Object
 * of a form body shares), written as the tables of the specification show them.
 */
export type Style = 'simple' | 'label' | 'matrix' | 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

/**
 * How names and values are written: percent-encoded inside a URL, or as they are for a form body,
 * whose writer (`URLSearchParams`, curl's `--data-urlencode`) encodes them. Delimiters are never
 * encoded, so a comma between items stays apart from a comma inside one.
 */
export interface Escaping {
  text: (value: string) => string;
  space: string;
  pipe: string;
  open: string;
  close: string;
}

export const URL_ESCAPING: Escaping = { text: percentEncode, space: '%20', pipe: '%7C', open: '%5B', close: '%5D' };

/** `allowReserved`: RFC 3986's reserved characters stay as written, except those that would end a query pair. */
export const RESERVED_ESCAPING: Escaping = {
  ...URL_ESCAPING,
  text: (value) => percentEncode(value).replace(/%(2F|3A|3F|40|24|2C|3B)/g, (e) => decodeURIComponent(e)),
};

export const FORM_ESCAPING: Escaping = { text: (value) => value, space: ' ', pipe: '|', open: '[', close: ']' };

/** Characters a header value cannot carry (controls, non-ASCII) are percent-encoded; the rest is sent as written. */
export const HEADER_ESCAPING: Escaping = { ...URL_ESCAPING, text: (value) => escapeOutside(value, /[^\t\x20-\x7e]/gu) };

/** A cookie value keeps to RFC 6265's cookie-octets: the others, and `%` itself, are percent-encoded. */
export const COOKIE_ESCAPING: Escaping = {
  ...URL_ESCAPING,
  text: (value) => escapeOutside(value, /[^\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]|%/gu),
};

/** Nesting written as brackets before the rest is written as JSON; examples are finite, this keeps them short. */
const MAX_DEEP = 16;

/** Name/value pairs of a query-like style (form, spaceDelimited, pipeDelimited, deepObject). */
export function stylePairs(
  name: string,
  value: unknown,
  style: Style,
  explode: boolean,
  escape: Escaping,
): Array<[string, string]> {
  const n = escape.text(name);
  if (style === 'deepObject' && (isRecord(value) || Array.isArray(value))) return deepPairs(n, value, escape, 0);
  const separator = style === 'spaceDelimited' ? escape.space : style === 'pipeDelimited' ? escape.pipe : ',';
  if (Array.isArray(value)) {
    if (explode) return value.map((item) => [n, escape.text(scalar(item))]);
    return [[n, value.map((item) => escape.text(scalar(item))).join(separator)]];
  }
  if (isRecord(value)) {
    const entries = Object.entries(value).map(([k, v]) => [escape.text(k), escape.text(scalar(v))] as [string, string]);
    return explode ? entries : [[n, entries.flat().join(separator)]];
  }
  return [[n, escape.text(scalar(value))]];
}

/** `card[number]=4242`, and for arrays the indexed convention of Stripe and qs: `items[0][price]=…`. */
function deepPairs(prefix: string, value: unknown, escape: Escaping, depth: number): Array<[string, string]> {
  if (depth >= MAX_DEEP || !(isRecord(value) || Array.isArray(value))) return [[prefix, escape.text(scalar(value))]];
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  return entries.flatMap(([key, item]) =>
    deepPairs(`${prefix}${escape.open}${escape.text(key)}${escape.close}`, item, escape, depth + 1),
  );
}

/** A path parameter's text in the URL: `simple` (`1,2`), `label` (`.1.2`) or `matrix` (`;id=1;id=2`). */
export function pathText(name: string, value: unknown, style: Style, explode: boolean): string {
  const e = percentEncode;
  if (style === 'label') return `.${simpleText(value, explode, explode ? '.' : ',', URL_ESCAPING)}`;
  if (style === 'matrix') {
    if (Array.isArray(value) && explode) return value.map((item) => `;${e(name)}=${e(scalar(item))}`).join('');
    if (isRecord(value) && explode)
      return Object.entries(value)
        .map(([k, v]) => `;${e(k)}=${e(scalar(v))}`)
        .join('');
    return `;${e(name)}=${simpleText(value, false, ',', URL_ESCAPING)}`;
  }
  return simpleText(value, explode, ',', URL_ESCAPING);
}

/** `simple` style (path parameters and headers): items joined by `separator`, object members as `k=v` when exploded. */
export function simpleText(value: unknown, explode: boolean, separator: string, escape: Escaping): string {
  if (Array.isArray(value)) return value.map((item) => escape.text(scalar(item))).join(separator);
  if (isRecord(value))
    return Object.entries(value)
      .map(([k, v]) =>
        explode ? `${escape.text(k)}=${escape.text(scalar(v))}` : `${escape.text(k)},${escape.text(scalar(v))}`,
      )
      .join(separator);
  return escape.text(scalar(value));
}

/**
 * `encodeURIComponent`, which throws on a lone surrogate (JSON can write one): those become U+FFFD,
 * as a UTF-8 encoder would write them.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
}

/** One item as text: strings as they are, nested objects and arrays as JSON (the styles stop at one level). */
export function scalar(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Each unsafe character as the percent-encoded bytes of its UTF-8. */
function escapeOutside(value: string, unsafe: RegExp): string {
  return value.replace(unsafe, (c) =>
    [...new TextEncoder().encode(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}
