import { countBySeverity, type Diagnostic } from './diagnostic.js';
import { formatDiagnosticsMarkdown } from './markdown.js';

export const OUTPUT_FORMATS = ['text', 'json', 'markdown', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** `file:line:col severity [rule] message (at #/pointer)` */
export function formatDiagnosticText(d: Diagnostic): string {
  const where = d.line > 0 ? `${d.file}:${d.line}:${d.column}` : d.file;
  const at = d.pointer !== undefined ? ` (at #${d.pointer})` : '';
  return `${where} ${d.severity} [${d.rule}] ${oneLine(d.message)}${at}`;
}

/** GitHub Actions workflow command, so the problem shows on the changed line of a pull request. */
export function formatDiagnosticGithub(d: Diagnostic): string {
  const level = d.severity === 'error' ? 'error' : 'warning';
  const props = [`file=${escapeProperty(d.file)}`];
  if (d.line > 0) props.push(`line=${d.line}`, `col=${d.column}`);
  props.push(`title=${escapeProperty(d.rule)}`);
  const at = d.pointer !== undefined ? ` (at #${d.pointer})` : '';
  return `::${level} ${props.join(',')}::${escapeData(oneLine(d.message) + at)}`;
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
  return text.replace(/\s*\r?\n\s*/g, ' ').trim();
}

export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
