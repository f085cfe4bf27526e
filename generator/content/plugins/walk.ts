import type { Nodes as HastNodes, Parents as HastParents, Root as HastRoot } from 'hast';
import type { Nodes as MdastNodes, Parents as MdastParents, Root as MdastRoot } from 'mdast';

/** Do not go into this node's children. */
export const SKIP = 'skip';

/** Nothing, `SKIP`, or `[SKIP, index]`: skip the children and go on at `index` of the parent's children (after replacing the node there). */
export type WalkAction = void | typeof SKIP | readonly [typeof SKIP, number | undefined];

type Visitor<Node, Parent> = (node: Node, index: number | undefined, parent: Parent | undefined) => WalkAction;

/**
 * Every node of a page's tree, parents before children and in order, as `unist-util-visit` walks
 * it (children read live, so a node a visitor adds or replaces is visited too). The content
 * plugins walk every page's tree once each; `unist-util-visit` names a new function after each node
 * it enters (`Object.defineProperty`, for stack traces), which made those walks about a tenth of
 * compiling a page (measured: 0.74 ms of 6.4 ms per page of the benchmark's generated site).
 */
export function walk(tree: MdastRoot, visitor: Visitor<MdastNodes, MdastParents>): void;
export function walk(tree: HastRoot, visitor: Visitor<HastNodes, HastParents>): void;
export function walk(tree: MdastRoot | HastRoot, visitor: Visitor<never, never>): void {
  step(tree, undefined, undefined, visitor as Visitor<AnyNode, AnyNode>);
}

type AnyNode = { type: string; children?: AnyNode[] };

function step(
  node: AnyNode,
  index: number | undefined,
  parent: AnyNode | undefined,
  visitor: Visitor<AnyNode, AnyNode>,
): WalkAction {
  const action = visitor(node, index, parent);
  if (action === SKIP || Array.isArray(action)) return action;
  const children = node.children;
  if (children) {
    let at = 0;
    while (at < children.length) {
      const result = step(children[at] as AnyNode, at, node, visitor);
      at = Array.isArray(result) && typeof result[1] === 'number' ? result[1] : at + 1;
    }
  }
  return undefined;
}
