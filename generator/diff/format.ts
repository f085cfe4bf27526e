import { escapeData, escapeProperty, oneLine, printable } from '../diagnostics/format.js';
import { countChanges, groupKey, groupTitle, type ApiChange, type DiffReport } from './change.js';
import { backticked } from './inline-code.js';
import { diffMarkdown } from './markdown.js';

export const DIFF_FORMATS = ['text', 'json', 'markdown', 'github'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

export function formatDiff(report: DiffReport, format: DiffFormat): string {
  if (format === 'json') {
    const changes = report.changes.map(asJson);
    return `${JSON.stringify({ old: report.old, new: report.new, summary: countChanges(report.changes), changes }, null, 2)}\n`;
  }
  if (format === 'markdown') return diffMarkdown(report);
  if (format === 'github')
    return (
      report.changes.map(githubLine).join('\n') + (report.changes.length > 0 ? '\n' : '') + `${summaryLine(report)}\n`
    );
  return diffText(report);
}

/** The JSON report writes a change's subject and message as the text format does, code between backticks. */
function asJson(change: ApiChange): Omit<ApiChange, 'subject' | 'message'> & { subject: string; message: string } {
  return { ...change, subject: backticked(change.subject), message: backticked(change.message) };
}

export function verdict(change: ApiChange): 'breaking' | 'acknowledged' | 'non-breaking' {
  return change.breaking ? (change.acknowledged ? 'acknowledged' : 'breaking') : 'non-breaking';
}

/** `new.yaml:12:9 breaking [parameter-added] query parameter `limit`: added as required; requests without it are refused (at #/…)` */
export function changeLine(change: ApiChange): string {
  const reason = change.reason ? `; ${change.reason}` : '';
  return `${printable(change.at.file)}:${change.at.line}:${change.at.column} ${verdict(change)} [${change.kind}] ${oneLine(`${backticked(change.subject)}: ${backticked(change.message)}${reason}`)} (at #${printable(change.at.pointer)})`;
}

/** Grouped by operation and schema, one line per change, a summary last. */
function diffText(report: DiffReport): string {
  const lines = [printable(`${report.old.file} (${report.old.version}) → ${report.new.file} (${report.new.version})`)];
  let group = '';
  for (const change of report.changes) {
    const key = groupKey(change.group);
    if (key !== group) {
      lines.push('', printable(groupTitle(change.group)));
      group = key;
    }
    lines.push(`  ${changeLine(change)}`);
  }
  lines.push('', summaryLine(report));
  return `${lines.join('\n')}\n`;
}

export function summaryLine(report: DiffReport): string {
  const { breaking, acknowledged, nonBreaking } = countChanges(report.changes);
  const n = report.changes.length;
  const versions = printable(`${report.old.version} → ${report.new.version}`);
  if (n === 0) return `${versions}: no changes`;
  return `${versions}: ${n} change${n === 1 ? '' : 's'}, ${breaking} breaking, ${acknowledged} acknowledged, ${nonBreaking} non-breaking`;
}

/** Breaking changes fail a pull request's checks as errors; acknowledged ones warn; the rest are notices. */
function githubLine(change: ApiChange): string {
  const level = change.breaking ? (change.acknowledged ? 'warning' : 'error') : 'notice';
  const props = [
    `file=${escapeProperty(printable(change.at.file))}`,
    `line=${change.at.line}`,
    `col=${change.at.column}`,
    `title=${escapeProperty(`${verdict(change)} change [${change.kind}]`)}`,
  ];
  const reason = change.reason ? `; ${change.reason}` : '';
  return `::${level} ${props.join(',')}::${escapeData(oneLine(`${groupTitle(change.group)}: ${backticked(change.subject)}: ${backticked(change.message)}${reason} (at #${change.at.pointer})`))}`;
}
