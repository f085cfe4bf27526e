/** Longest printed value; a message quotes a value to point at it, not to repeat it. */
const MAX_LENGTH = 80;

/**
 * A value of a contract as a message shows it: a string as written, anything else as JSON (never
 * `[object Object]`), shortened past a line's worth.
 */
export function printValue(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value === undefined) text = 'undefined';
  else if (typeof value === 'bigint') text = value.toString();
  else if (typeof value === 'function' || typeof value === 'symbol') text = String(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}
