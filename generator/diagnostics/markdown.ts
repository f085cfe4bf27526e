import type { ListItem, Root, RootContent } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import type { Diagnostic } from './diagnostic.js';
import { at, formatSummary, oneLine, printable, where } from './line.js';

/** Problems as a Markdown list, for a pull request comment or a job summary. */
export function formatDiagnosticsMarkdown(list: readonly Diagnostic[], what: string): string {
  const children: RootContent[] = [
    {
      type: 'paragraph',
      children: [{ type: 'strong', children: [{ type: 'text', value: formatSummary(list, what) }] }],
    },
  ];
  if (list.length > 0) children.push({ type: 'list', ordered: false, spread: false, children: list.map(item) });
  const root: Root = { type: 'root', children };
  return toMarkdown(root, { bullet: '-' });
}

function item(d: Diagnostic): ListItem {
  return {
    type: 'listItem',
    spread: false,
    children: [
      {
        type: 'paragraph',
        children: [
          { type: 'inlineCode', value: where(d) },
          { type: 'text', value: ` ${d.severity} ` },
          { type: 'inlineCode', value: printable(d.rule) },
          { type: 'text', value: ` ${oneLine(d.message)}${at(d)}` },
        ],
      },
    ],
  };
}
