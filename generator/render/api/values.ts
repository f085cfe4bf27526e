/** Longest value shown inline (defaults, enum values, examples in a table cell). */
const PREVIEW_CHARS = 200;
/** Longest example shown as a block; a larger one is cut, the download has it whole. */
const EXAMPLE_CHARS = 20_000;

/**
 * Values of one enumeration shown (reference, Markdown twin, content components, search); a longer
 * enumeration ends with "and N more", and the download has every value. Real enumerations (time
 * zones, currencies) stay well under it; 100,000 values would weigh megabytes on a page.
 */
export const MAX_ENUM_VALUES = 500;

/** The first values of an enumeration, as JSON previews, and how many are left out. */
export function enumPreview(values: unknown): { enumValues: string[]; enumMore: number } {
  if (!Array.isArray(values)) return { enumValues: [], enumMore: 0 };
  return {
    enumValues: values.slice(0, MAX_ENUM_VALUES).map((v) => jsonPreview(v)),
    enumMore: Math.max(0, values.length - MAX_ENUM_VALUES),
  };
}

/** A value as compact JSON for a table cell. */
export function jsonPreview(value: unknown): string {
  const text = json(value, 0);
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

/** A value as indented JSON (text stays as written), for an example block. */
export function exampleText(value: unknown): string {
  const text = typeof value === 'string' ? value : json(value, 2);
  return text.length > EXAMPLE_CHARS
    ? `${text.slice(0, EXAMPLE_CHARS)}\n… (cut; the whole example is in the OpenAPI download)`
    : text;
}

function json(value: unknown, indent: number): string {
  try {
    return JSON.stringify(value, null, indent) ?? String(value);
  } catch {
    return String(value);
  }
}
