import type {
  BlockContent,
  Heading,
  Link,
  List,
  Paragraph,
  PhrasingContent,
  RootContent,
  Table,
  TableCell,
  Text,
} from 'mdast';
import { moreValuesText } from '../../templates/api/more-values.js';

/** Builders of the mdast nodes the twins are made of: the tree is built, then printed once. */

export type Phrasing = PhrasingContent;
export type Flow = RootContent;

export function text(value: string): Text {
  return { type: 'text', value };
}

export function code(value: string): PhrasingContent {
  return { type: 'inlineCode', value };
}

export function strong(...children: Phrasing[]): PhrasingContent {
  return { type: 'strong', children };
}

export function emphasis(...children: Phrasing[]): PhrasingContent {
  return { type: 'emphasis', children };
}

/** A link, or its text alone when there is no URL to give it (one the URL policy refused). */
export function link(url: string | undefined, children: Phrasing[]): Phrasing[] {
  return url === undefined ? children : [{ type: 'link', url, children } satisfies Link];
}

export function paragraph(...children: Phrasing[]): Paragraph {
  return { type: 'paragraph', children };
}

export function heading(depth: number, ...children: Phrasing[]): Heading {
  return { type: 'heading', depth: Math.min(6, Math.max(1, depth)) as Heading['depth'], children };
}

/** A bulleted list, one item per entry (each entry the item's blocks, or phrasing made a paragraph). */
export function list(items: ReadonlyArray<Phrasing[] | Flow[]>, ordered = false): List {
  return {
    type: 'list',
    ordered,
    spread: false,
    children: items.map((item) => ({
      type: 'listItem',
      spread: false,
      children: asFlow(item as Flow[]) as BlockContent[],
    })),
  };
}

/** A GFM table: a header row of words, then rows of phrasing cells. */
export function table(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<Phrasing[]>>): Table {
  const row = (cells: ReadonlyArray<Phrasing[]>) => ({
    type: 'tableRow' as const,
    children: cells.map((cell): TableCell => ({ type: 'tableCell', children: oneLine(cell) })),
  });
  return {
    type: 'table',
    align: header.map(() => null),
    children: [row(header.map((h) => [text(h)])), ...rows.map(row)],
  };
}

/** `a`, `b` and `c`: phrasing lists joined with commas. */
/** ` and 99,000 more` after the values shown of an enumeration cut short; nothing when none are left out. */
export function moreValues(count: number): Phrasing[] {
  return count > 0 ? [text(` ${moreValuesText(count)}`)] : [];
}

export function joined(parts: ReadonlyArray<Phrasing[]>, separator = ', '): Phrasing[] {
  return parts.flatMap((part, index) => (index === 0 ? part : [text(separator), ...part]));
}

const PHRASING = new Set([
  'text',
  'inlineCode',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'image',
  'imageReference',
  'break',
  'footnoteReference',
]);

export function isPhrasing(node: Flow): node is Phrasing {
  return PHRASING.has(node.type);
}

/** Blocks for a flow container: runs of phrasing become paragraphs. */
export function asFlow(nodes: readonly Flow[]): Flow[] {
  const out: Flow[] = [];
  let run: Phrasing[] = [];
  const close = (): void => {
    if (run.some((node) => node.type !== 'text' || node.value.trim() !== '')) out.push(paragraph(...run));
    run = [];
  };
  for (const node of nodes) {
    if (isPhrasing(node)) run.push(node);
    else {
      close();
      out.push(node);
    }
  }
  close();
  return out;
}

/**
 * Phrasing for a sentence (a heading, a table cell, a link's text): blocks give their content,
 * separated by a space; code blocks become code spans.
 */
export function asPhrasing(nodes: readonly Flow[]): Phrasing[] {
  const out: Phrasing[] = [];
  const gap = (): void => {
    if (out.length > 0) out.push(text(' '));
  };
  for (const node of nodes) {
    if (isPhrasing(node)) out.push(node);
    else if (node.type === 'code') {
      gap();
      out.push(code(node.value));
    } else if ('children' in node) {
      const inner = asPhrasing(node.children as Flow[]);
      if (inner.length === 0) continue;
      gap();
      out.push(...inner);
    }
  }
  return out;
}

/** Phrasing on one line, as a table cell needs it: line breaks and new lines become spaces. */
export function oneLine(nodes: readonly Phrasing[]): Phrasing[] {
  return nodes.map((node): Phrasing => {
    if (node.type === 'break') return text(' ');
    if (node.type === 'text') return text(node.value.replace(/\s*[\r\n]+\s*/g, ' '));
    if (node.type === 'inlineCode') return code(node.value.replace(/[\r\n]+/g, ' '));
    if ('children' in node) return { ...node, children: oneLine(node.children as Phrasing[]) } as Phrasing;
    return node;
  });
}

/** Text on one line, trimmed: titles and descriptions from front matter and contracts. */
export function singleLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
