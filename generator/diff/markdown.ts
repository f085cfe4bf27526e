import type { List, ListItem, PhrasingContent, Root, RootContent } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { countChanges, groupKey, groupTitle, type ApiChange, type DiffReport } from './change.js';
import { printable } from '../diagnostics/format.js';
import { phrase, type Inline } from './inline-code.js';

/**
 * The report as Markdown for a pull request comment or a release note: a summary, then one
 * section per operation and schema with its changes, breaking first. Built as an mdast tree, so
 * names from the contract are escaped by the serializer, not by hand.
 */
export function diffMarkdown(report: DiffReport): string {
  const { breaking, acknowledged, nonBreaking } = countChanges(report.changes);
  const children: RootContent[] = [
    {
      type: 'heading',
      depth: 2,
      children: [{ type: 'text', value: `API changes from ${report.old.version} to ${report.new.version}` }],
    },
    {
      type: 'paragraph',
      children: [
        { type: 'strong', children: [{ type: 'text', value: `${breaking} breaking` }] },
        { type: 'text', value: `, ${acknowledged} acknowledged, ${nonBreaking} non-breaking (` },
        { type: 'inlineCode', value: report.old.file },
        { type: 'text', value: ' → ' },
        { type: 'inlineCode', value: report.new.file },
        { type: 'text', value: ').' },
      ],
    },
  ];
  const groups = new Map<string, ApiChange[]>();
  for (const change of report.changes) {
    const key = groupKey(change.group);
    const list = groups.get(key) ?? [];
    list.push(change);
    groups.set(key, list);
  }
  for (const changes of groups.values()) {
    const first = changes[0] as ApiChange;
    children.push({
      type: 'heading',
      depth: 3,
      children: [{ type: 'inlineCode', value: printable(groupTitle(first.group)) }],
    });
    const list: List = { type: 'list', ordered: false, spread: false, children: changes.map(item) };
    children.push(list);
  }
  if (report.changes.length === 0)
    children.push({ type: 'paragraph', children: [{ type: 'text', value: 'No changes an integrator would notice.' }] });
  const root: Root = { type: 'root', children };
  return toMarkdown(root, { bullet: '-' });
}

function item(change: ApiChange): ListItem {
  const label = change.breaking ? (change.acknowledged ? 'Breaking (acknowledged)' : 'Breaking') : 'Non-breaking';
  const children: PhrasingContent[] = [
    { type: 'strong', children: [{ type: 'text', value: label }] },
    { type: 'text', value: ': ' },
    ...code(phrase`${change.subject}: ${change.message}`),
  ];
  if (change.reason)
    children.push(
      { type: 'text', value: '; ' },
      { type: 'emphasis', children: [{ type: 'text', value: change.reason }] },
    );
  children.push(
    { type: 'text', value: ' (' },
    { type: 'inlineCode', value: `${change.at.file}:${change.at.line}:${change.at.column}` },
    { type: 'text', value: ')' },
  );
  return { type: 'listItem', spread: false, children: [{ type: 'paragraph', children }] };
}

function code(text: Inline): PhrasingContent[] {
  return text.map((p) =>
    p.code ? { type: 'inlineCode', value: printable(p.text) } : { type: 'text', value: printable(p.text) },
  );
}
