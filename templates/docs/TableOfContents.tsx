import type { ReactElement } from 'react';
import type { TocEntry } from '../model.js';

interface TocNode extends TocEntry {
  children: TocNode[];
}

/** Nests the flat heading list: a deeper heading goes under the nearest shallower one before it. */
export function nestToc(entries: TocEntry[]): TocNode[] {
  const roots: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const entry of entries) {
    const node: TocNode = { ...entry, children: [] };
    while (stack.length > 0 && (stack.at(-1) as TocNode).depth >= node.depth) stack.pop();
    (stack.length > 0 ? (stack.at(-1) as TocNode).children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

export function TableOfContents({ entries }: { entries: TocEntry[] }): ReactElement | null {
  if (entries.length === 0) return null;
  return (
    <nav className="table-of-contents" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <TocList nodes={nestToc(entries)} />
    </nav>
  );
}

/**
 * The same entries folded into a native disclosure, shown above the article up to the desktop
 * breakpoint, where the side column is hidden (`toc-collapsible.css`). Closed at first; it opens
 * and its links jump without the client; with it, following a link folds it again
 * (`client/toc-collapsible.ts`).
 */
export function TocCollapsible({ entries }: { entries: TocEntry[] }): ReactElement | null {
  if (entries.length === 0) return null;
  return (
    <details className="toc-collapsible">
      <summary>On this page</summary>
      <nav aria-label="On this page">
        <TocList nodes={nestToc(entries)} />
      </nav>
    </details>
  );
}

function TocList({ nodes }: { nodes: TocNode[] }): ReactElement {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.id}>
          <a href={`#${node.id}`}>{node.text}</a>
          {node.children.length > 0 ? <TocList nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}
