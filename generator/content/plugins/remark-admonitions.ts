import type { Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { SKIP, walk } from './walk.js';
import { pageState } from './page-state.js';
import type { VFile } from 'vfile';

export const ADMONITION_KINDS = ['note', 'tip', 'info', 'warning', 'danger'] as const;
const TITLES: Record<(typeof ADMONITION_KINDS)[number], string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
};

/**
 * `:::tip[Title]` … `:::` becomes an aside with a heading. Only container directives are
 * admonitions: `:name` and `::name` written by accident in prose (times, ratios, "see:note") go
 * back to being the text they were.
 */
export function remarkAdmonitions() {
  return (tree: Root, file: VFile): void => {
    const { report } = pageState(file);
    walk(tree, (node, index, parent) => {
      if (node.type === 'textDirective' || node.type === 'leafDirective') {
        if (parent && index !== undefined)
          parent.children.splice(index, 1, ...(asText(node) as RootContent[] & PhrasingContent[]));
        return [SKIP, index];
      }
      if (node.type !== 'containerDirective') return undefined;
      const kind = ADMONITION_KINDS.find((k) => k === node.name);
      if (!kind) {
        report.add(
          node,
          'error',
          'unknown-admonition',
          `unknown admonition ":::${node.name}"; use one of ${ADMONITION_KINDS.map((k) => `:::${k}`).join(', ')}`,
        );
        return undefined;
      }
      toAdmonition(node, kind);
      return undefined;
    });
  };
}

function toAdmonition(node: ContainerDirective, kind: (typeof ADMONITION_KINDS)[number]): void {
  const first = node.children[0];
  const hasLabel =
    first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel === true;
  const titleChildren: PhrasingContent[] = hasLabel
    ? (first as Paragraph).children
    : [{ type: 'text', value: TITLES[kind] }];
  const body = hasLabel ? node.children.slice(1) : node.children;
  const heading: Paragraph = {
    type: 'paragraph',
    children: titleChildren,
    data: { hName: 'p', hProperties: { className: ['admonition-heading'] } },
  };
  const content = {
    type: 'paragraph',
    children: [],
    data: { hName: 'div', hProperties: { className: ['admonition-content'] } },
  } as unknown as Paragraph;
  (content as unknown as { children: RootContent[] }).children = body;
  node.children = [heading, content as unknown as ContainerDirective['children'][number]];
  node.data = { hName: 'aside', hProperties: { className: ['admonition', `admonition-${kind}`], role: 'note' } };
}

function asText(node: TextDirective | LeafDirective): PhrasingContent[] {
  const marker = node.type === 'textDirective' ? ':' : '::';
  const out: PhrasingContent[] = [{ type: 'text', value: `${marker}${node.name}` }];
  if (node.children.length > 0) out.push({ type: 'text', value: '[' }, ...node.children, { type: 'text', value: ']' });
  const attributes = Object.entries(node.attributes ?? {});
  if (attributes.length > 0)
    out.push({ type: 'text', value: `{${attributes.map(([k, v]) => (v ? `${k}="${v}"` : k)).join(' ')}}` });
  return node.type === 'leafDirective' ? [{ type: 'paragraph', children: out } as unknown as PhrasingContent] : out;
}
