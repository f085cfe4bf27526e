import type { PhrasingContent, Root, Table, TableCell, TableRow } from 'mdast';
import { toMarkdown, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import type { RuleDescriptor } from './diagnostics/severity.js';
import { RULES } from './rules.js';

/**
 * The README's two tables of rules, made from the registry (`rules.ts`): what each rule checks, and
 * the default of each rule a user may set. `npm run generate` writes them between their markers;
 * a test fails when the README's are not these.
 */
export const README_TABLES = {
  checks: () => table(['rule', 'checks'], rows(RULES, checksText)),
  severities: () =>
    table(
      ['rule', 'default'],
      rows(
        RULES.filter((rule) => rule.configurable),
        defaultText,
      ),
    ),
} as const;

export type ReadmeTable = keyof typeof README_TABLES;

/** `text` with each table between `<!-- rules:NAME -->` and `<!-- /rules:NAME -->` replaced by its current one. */
export function withRuleTables(text: string): string {
  let out = text;
  for (const [name, make] of Object.entries(README_TABLES)) {
    const open = `<!-- rules:${name} -->\n`;
    const close = `<!-- /rules:${name} -->`;
    const start = out.indexOf(open);
    const end = out.indexOf(close, start);
    if (start < 0 || end < 0) throw new Error(`README.md has no ${open.trim()} … ${close} markers`);
    out = `${out.slice(0, start + open.length)}${make()}${out.slice(end)}`;
  }
  return out;
}

function checksText(rule: RuleDescriptor): string {
  return rule.severity === 'warning' ? `warning: ${rule.doc}` : rule.doc;
}

function defaultText(rule: RuleDescriptor): string {
  return rule.severityText ?? rule.severity;
}

/** Rules that say the same thing share a row, in the order of their first. */
function rows(rules: readonly RuleDescriptor[], text: (rule: RuleDescriptor) => string): [string[], string][] {
  const byText = new Map<string, string[]>();
  for (const rule of rules) {
    const ids = byText.get(text(rule));
    if (ids) ids.push(rule.id);
    else byText.set(text(rule), [rule.id]);
  }
  return [...byText].map(([said, ids]) => [ids, said]);
}

let markdown: Processor<Root> | undefined;

function parser(): Processor<Root> {
  markdown ??= unified().use(remarkParse).use(remarkGfm, { tablePipeAlign: false }) as unknown as Processor<Root>;
  return markdown;
}

/** A rule's text is Markdown (code, links): parsed, so the table holds it as written and not escaped. */
function phrasing(text: string): PhrasingContent[] {
  const [first] = parser().parse(text).children;
  return first?.type === 'paragraph' ? first.children : [{ type: 'text', value: text }];
}

function table(head: [string, string], body: [string[], string][]): string {
  const row = (cells: PhrasingContent[][]): TableRow => ({
    type: 'tableRow',
    children: cells.map((children): TableCell => ({ type: 'tableCell', children })),
  });
  const ids = (list: string[]): PhrasingContent[] =>
    list.flatMap((id, i): PhrasingContent[] => [
      ...(i > 0 ? [{ type: 'text' as const, value: ', ' }] : []),
      { type: 'inlineCode', value: id },
    ]);
  const tree: Table = {
    type: 'table',
    children: [
      row(head.map((value) => [{ type: 'text', value }])),
      ...body.map(([list, said]) => row([ids(list), phrasing(said)])),
    ],
  };
  // remark-gfm leaves its serializers (tables among them) where remark-stringify would take them.
  const { toMarkdownExtensions } = parser().data() as { toMarkdownExtensions?: ToMarkdownOptions['extensions'] };
  return toMarkdown(tree, { extensions: toMarkdownExtensions ?? [] });
}
