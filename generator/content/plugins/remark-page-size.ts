import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { PAGE_SIZE_RULE, tooManyNodes } from '../page-size.js';
import { pageState } from './page-state.js';

/** Ends a page's compilation once it was reported over its node budget, before any costly step runs. */
export class PageSizeExceeded extends Error {
  constructor(maxNodes: number) {
    super(`the page has more than ${maxNodes} nodes`);
  }
}

interface Counted {
  children?: unknown[];
  position?: { start: { line: number; column: number } };
}

/**
 * The first transform of a page: counts its Markdown syntax tree's nodes, without recursion, and
 * stops the page at the first node past `maxNodes` (in reading order, where it is reported). Every
 * later step (the other plugins, highlighting, HTML, rendering, the twin, search) costs about as
 * much per node, so the count bounds them all; it stops early, so it costs at most the budget.
 */
export function remarkPageSize(options: { maxNodes: number }) {
  const { maxNodes } = options;
  return (tree: Root, file: VFile): void => {
    const pending: Counted[] = [tree];
    let count = 0;
    while (pending.length > 0) {
      const node = pending.pop() as Counted;
      count += 1;
      if (count > maxNodes) {
        pageState(file).report.add(node, 'error', PAGE_SIZE_RULE, tooManyNodes(maxNodes));
        throw new PageSizeExceeded(maxNodes);
      }
      const children = node.children as Counted[] | undefined;
      if (children) for (let i = children.length - 1; i >= 0; i--) pending.push(children[i] as Counted);
    }
  };
}
