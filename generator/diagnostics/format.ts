import { countBySeverity, type Diagnostic } from './diagnostic.js';
import { formatDiagnosticsMarkdown } from './markdown.js';

export const OUTPUT_FORMATS = ['text', 'json', 'markdown', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** `file:line:col severity [rule] message (at #/pointer)` */
export function formatDiagnosticText(d: Diagnostic): string {
  return `${where(d)} ${d.severity} [${printable(d.rule)}] ${oneLine(d.message)}${at(d)}`;
}

/** `file:line:col`, or the file alone for a problem with the whole file; printable. */
export function where(d: Diagnostic): string {
  const file = printable(d.file);
  return d.line > 0 ? `${file}:${d.line}:${d.column}` : file;
}

/** ` (at #/pointer)`, printable, or nothing. */
export function at(d: Diagnostic): string {
  return d.pointer !== undefined ? ` (at #${printable(d.pointer)})` : '';
}

/** GitHub Actions workflow command, so the problem shows on the changed line of a pull request. */
export function formatDiagnosticGithub(d: Diagnostic): string {
  const level = d.severity === 'error' ? 'error' : 'warning';
  const props = [`file=${escapeProperty(printable(d.file))}`];
  if (d.line > 0) props.push(`line=${d.line}`, `col=${d.column}`);
  props.push(`title=${escapeProperty(printable(d.rule))}`);
  return `::${level} ${props.join(',')}::${escapeData(oneLine(d.message) + at(d))}`;
}

export function formatSummary(list: readonly Diagnostic[], what: string): string {
  const { errors, warnings } = countBySeverity(list);
  return `${what}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}

/** The whole report in one of the output formats, ready to print. */
export function formatReport(list: readonly Diagnostic[], format: OutputFormat, what: string): string {
  if (format === 'json') {
    const { errors, warnings } = countBySeverity(list);
    return JSON.stringify({ summary: { errors, warnings }, diagnostics: list }, null, 2) + '\n';
  }
  if (format === 'markdown') return formatDiagnosticsMarkdown(list, what);
  const lines = list.map(format === 'github' ? formatDiagnosticGithub : formatDiagnosticText);
  lines.push(formatSummary(list, what));
  return lines.join('\n') + '\n';
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
