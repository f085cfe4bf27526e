import type { BlockContent, TableRow } from 'mdast';
import { asFlow, code, emphasis, heading, oneLine, paragraph, strong, text, type Phrasing } from '../nodes.js';
import { attribute, sourcePoint, textOf, type JsxHandler, type JsxNode, type TwinNode } from './tree.js';

const phrasingOf =
  (wrap: (...children: Phrasing[]) => Phrasing): JsxHandler =>
  (node, page) => [wrap(...page.phrasing(node.children))];

const codeOf: JsxHandler = (node) => [code(textOf(node))];
const contents: JsxHandler = (node, page) =>
  node.type === 'mdxJsxFlowElement' ? page.flow(node.children) : page.phrasing(node.children);

/**
 * The HTML elements a page may write (the content checks allow no others), as Markdown: formatting
 * becomes its Markdown, structure its blocks, and what Markdown has no word for (`<span>`,
 * `<small>`, `<details>`) its content. URLs are resolved as a browser resolves them on the page.
 */
export const HTML_ELEMENTS: Readonly<Record<string, JsxHandler>> = {
  a: (node, page) => {
    const href = attribute(node, 'href');
    return page.ctx.link(href, page.phrasing(node.children), sourcePoint(node));
  },
  img: (node, page) => {
    const src = attribute(node, 'src');
    const alt = attribute(node, 'alt') ?? '';
    const url = src === undefined ? undefined : page.ctx.urls.resolve(src, page.ctx.page);
    return url === undefined ? (alt ? [text(alt)] : []) : [{ type: 'image', url, alt }];
  },
  b: phrasingOf(strong),
  strong: phrasingOf(strong),
  i: phrasingOf(emphasis),
  em: phrasingOf(emphasis),
  cite: phrasingOf(emphasis),
  dfn: phrasingOf(emphasis),
  var: phrasingOf(emphasis),
  del: phrasingOf((...children) => ({ type: 'delete', children })),
  s: phrasingOf((...children) => ({ type: 'delete', children })),
  code: codeOf,
  kbd: codeOf,
  samp: codeOf,
  br: () => [{ type: 'break' }],
  hr: () => [{ type: 'thematicBreak' }],
  p: (node, page) => [paragraph(...page.phrasing(node.children))],
  h2: headingOf(2),
  h3: headingOf(3),
  h4: headingOf(4),
  h5: headingOf(5),
  h6: headingOf(6),
  blockquote: (node, page) => [{ type: 'blockquote', children: page.flow(node.children) as BlockContent[] }],
  pre: (node) => [{ type: 'code', lang: null, meta: null, value: textOf(node).replace(/\n$/, '') }],
  ul: listOf(false),
  ol: listOf(true),
  li: contents,
  summary: (node, page) => [paragraph(strong(...page.phrasing(node.children)))],
  dt: (node, page) => [paragraph(strong(...page.phrasing(node.children)))],
  figcaption: (node, page) => [paragraph(emphasis(...page.phrasing(node.children)))],
  caption: (node, page) => [paragraph(emphasis(...page.phrasing(node.children)))],
  table: (node, page) => {
    const rows = descendants(node, 'tr');
    const caption = node.children.filter((c) => (c as JsxNode).name === 'caption');
    const made: TableRow[] = rows.map((row) => ({
      type: 'tableRow',
      children: (row.children ?? [])
        .filter((cell) => (cell as JsxNode).name === 'td' || (cell as JsxNode).name === 'th')
        .map((cell) => ({ type: 'tableCell', children: oneLine(page.phrasing(cell.children ?? [])) })),
    }));
    const width = Math.max(0, ...made.map((r) => r.children.length));
    if (width === 0) return page.flow(caption);
    for (const row of made) while (row.children.length < width) row.children.push({ type: 'tableCell', children: [] });
    return [...page.flow(caption), { type: 'table', align: made[0]?.children.map(() => null) ?? [], children: made }];
  },
};

function headingOf(depth: number): JsxHandler {
  return (node, page) => [heading(depth, ...page.phrasing(node.children))];
}

function listOf(ordered: boolean): JsxHandler {
  return (node, page) => [
    {
      type: 'list',
      ordered,
      spread: false,
      children: node.children
        .filter((child) => (child as JsxNode).name === 'li')
        .map((item) => ({
          type: 'listItem',
          spread: false,
          children: asFlow(page.flow(item.children ?? [])) as BlockContent[],
        })),
    },
  ];
}

/** The elements named `name` under `node`, in order, not looking inside one found. */
function descendants(node: TwinNode, name: string): TwinNode[] {
  const out: TwinNode[] = [];
  for (const child of node.children ?? []) {
    if ((child as JsxNode).name === name) out.push(child);
    else out.push(...descendants(child, name));
  }
  return out;
}
