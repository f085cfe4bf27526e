import { countBySeverity, type Diagnostic } from './diagnostic.js';

// The pieces every format prints a diagnostic's line from.

/** `file:line:col`, or the file alone for a problem with the whole file; printable. */
export function where(d: Pick<Diagnostic, 'file' | 'line' | 'column'>): string {
  const file = printable(d.file);
  return d.line > 0 ? `${file}:${d.line}:${d.column}` : file;
}

/** ` (at #/pointer)`, printable, or nothing. */
export function at(d: Diagnostic): string {
  return d.pointer !== undefined ? ` (at #${printable(d.pointer)})` : '';
}

export function formatSummary(list: readonly Diagnostic[], what: string): string {
  const { errors, warnings } = countBySeverity(list);
  return `${what}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Messages quote user text; a newline in one would break the one-line-per-problem contract. */
export function oneLine(text: string): string {
  return printable(text.trim());
}

/**
 * Characters that act on a terminal or a log instead of being shown (C0 and C1 controls, DEL, line
 * and paragraph separators, bidirectional overrides and isolates, a BOM) quoted from a contract key
 * could start a fake line (`::error …` in CI), clear the screen or reorder what is read. They are
 * printed as escapes a reader can see: `\n`, `\x1b`, `\u202e`.
 */
const UNPRINTABLE =
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r' };

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    return (
      NAMED[c] ??
      (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
    );
  });
}

export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
