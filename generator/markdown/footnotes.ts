import type { Flow } from './nodes.js';

type Node = { type: string; identifier?: string; label?: string | null; children?: Node[] };

/**
 * llms-full.txt puts every page one after another, where two pages' `[^1]` would be one footnote
 * (the first definition wins for both): there, a page's footnotes carry its path, base URL
 * included (`[^docs-setup-1]`). Its own twin keeps them as written. `undefined` for a page
 * without footnotes.
 */
export function footnotesForFull(blocks: readonly Flow[], address: string): Flow[] | undefined {
  if (!blocks.some((block) => hasFootnote(block as Node))) return undefined;
  const path = new URL(address).pathname.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'home';
  return blocks.map((block) => prefixed(block as Node, path) as Flow);
}

function hasFootnote(node: Node): boolean {
  return (
    node.type === 'footnoteReference' ||
    node.type === 'footnoteDefinition' ||
    (node.children?.some(hasFootnote) ?? false)
  );
}

function prefixed(node: Node, path: string): Node {
  const copy: Node = { ...node };
  if (node.type === 'footnoteReference' || node.type === 'footnoteDefinition') {
    const label = node.label ?? node.identifier ?? '';
    copy.label = `${path}-${label}`;
    copy.identifier = `${path}-${label}`.toLowerCase();
  }
  if (node.children) copy.children = node.children.map((child) => prefixed(child, path));
  return copy;
}
