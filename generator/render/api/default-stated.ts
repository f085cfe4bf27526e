/**
 * A default written in the description's words: "Defaults to -1.", "Default: 20", "default is `true`",
 * "(default true)". The value follows the word, in code, in quotes or bare up to a space or punctuation.
 */
const STATED =
  /\bdefault(?:s|\s+value)?(?:\s+(?:is|to|of)\s+|\s*[:=]\s*|\s+)(?:`([^`\n]+)`|"([^"\n]*)"|'([^'\n]*)'|([^\s,;()`"']+))/gi;
const NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;

/**
 * Whether `description` already states `value` as the default, so the reference need not say it
 * again. Conservative: only a scalar default, and only when the value written equals it.
 */
export function statesDefault(description: unknown, value: unknown): boolean {
  if (typeof description !== 'string' || !/default/i.test(description)) return false;
  if (value === null ? false : typeof value === 'object' || value === undefined) return false;
  for (const match of description.matchAll(STATED)) {
    const code = match[1];
    const quoted = match[2] ?? match[3];
    // A bare value ends the sentence: "Defaults to -1." states -1.
    const bare = match[4]?.replace(/\.$/, '');
    if (code !== undefined && (same(code, value) || same(unquote(code), value))) return true;
    if (quoted !== undefined && typeof value === 'string' && quoted === value) return true;
    if (bare !== undefined && same(bare, value)) return true;
  }
  return false;
}

/** Whether `written` is how `value` is written: the same string, number, boolean or null. */
function same(written: string, value: unknown): boolean {
  if (typeof value === 'string') return written === value;
  if (typeof value === 'number') return NUMBER.test(written) && Number(written) === value;
  if (typeof value === 'boolean' || value === null) return written.toLowerCase() === String(value);
  return false;
}

/** `"asc"` in code is the string asc. */
function unquote(code: string): string {
  return /^(["']).*\1$/.test(code) ? code.slice(1, -1) : code;
}
