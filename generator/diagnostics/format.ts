import { countBySeverity, type Diagnostic } from './diagnostic.js';
import { at, escapeData, escapeProperty, formatSummary, oneLine, printable, where } from './line.js';
import { formatDiagnosticsMarkdown } from './markdown.js';

export { at, escapeData, escapeProperty, formatSummary, oneLine, printable, where } from './line.js';

export const OUTPUT_FORMATS = ['text', 'json', 'markdown', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** `file:line:col severity [rule] message (at #/pointer)` */
export function formatDiagnosticText(d: Diagnostic): string {
  return `${where(d)} ${d.severity} [${printable(d.rule)}] ${oneLine(d.message)}${at(d)}`;
}

/** GitHub Actions workflow command, so the problem shows on the changed line of a pull request. */
export function formatDiagnosticGithub(d: Diagnostic): string {
  const level = d.severity === 'error' ? 'error' : 'warning';
  const props = [`file=${escapeProperty(printable(d.file))}`];
  if (d.line > 0) props.push(`line=${d.line}`, `col=${d.column}`);
  props.push(`title=${escapeProperty(printable(d.rule))}`);
  return `::${level} ${props.join(',')}::${escapeData(oneLine(d.message) + at(d))}`;
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
