import { code, joined, phrase, type Inline } from './inline-code.js';
import { typeText, valueText } from './schema-facts.js';

/** `string` → `string | null` reads better as "became nullable". */
export function typeMessage(before: Set<string> | undefined, after: Set<string> | undefined): string {
  const strip = (types: Set<string> | undefined): string =>
    typeText(types && new Set([...types].filter((t) => t !== 'null')));
  if (before && after && strip(before) === strip(after))
    return after.has('null') ? 'became nullable' : 'no longer nullable';
  return `type changed from ${typeText(before)} to ${typeText(after)}`;
}

/** A `default` added, removed or changed; defaults are values, not names, so they read as words. */
export function defaultMessage(a: unknown, b: unknown): string {
  return b === undefined
    ? `default removed (was ${valueText(JSON.stringify(a))})`
    : a === undefined
      ? `default ${valueText(JSON.stringify(b))} added`
      : `default changed from ${valueText(JSON.stringify(a))} to ${valueText(JSON.stringify(b))}`;
}

export function formatMessage(f: string | undefined, g: string | undefined): Inline {
  return f === undefined
    ? phrase`format ${code(String(g))} added`
    : g === undefined
      ? phrase`format ${code(f)} removed`
      : phrase`format changed from ${code(f)} to ${code(g)}`;
}

/** Up to eight values as code, then how many more. */
export function list(values: readonly string[]): Inline {
  const shown = joined(
    values.slice(0, 8).map((v) => code(valueText(v))),
    ', ',
  );
  return values.length > 8 ? phrase`${shown} and ${values.length - 8} more` : shown;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
