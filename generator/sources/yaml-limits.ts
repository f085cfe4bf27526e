import { isAlias, isMap, isNode, isPair, isScalar, isSeq, type CST, type Document } from 'yaml';
import { MAX_NESTING_DEPTH, MAX_SOURCE_SIZE } from './limits.js';

/**
 * Where a YAML document's syntax tree first goes deeper than the nesting limit, or undefined.
 * Walked with a stack of its own: the tree may be as deep as the file is long.
 */
export function tooDeepOffset(token: CST.Token): number | undefined {
  const nodes: CST.Token[] = [token];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop() as CST.Token;
    const depth = depths.pop() as number;
    if (node.type === 'document') {
      if (node.value) {
        nodes.push(node.value);
        depths.push(depth);
      }
    } else if (node.type === 'block-map' || node.type === 'block-seq' || node.type === 'flow-collection') {
      const level = depth + 1;
      if (level > MAX_NESTING_DEPTH) return node.offset;
      for (const item of node.items) {
        for (const child of [item.key, item.value]) {
          if (child) {
            nodes.push(child);
            depths.push(level);
          }
        }
      }
    }
  }
  return undefined;
}

/**
 * Where a document's aliases first make it larger than a file may be, counting each alias as a
 * copy of what its anchor names (aliases inside it included), or undefined. A few lines of YAML
 * can otherwise stand for gigabytes, which no later step could hold or write. The tree is at most
 * the nesting limit deep here, so recursion is safe; anchors are met before their aliases.
 */
export function aliasExpansionOverflow(doc: Document, textLength: number): number | undefined {
  const anchors = new Map<string, number>();
  let total = textLength;
  let overflow: number | undefined;
  const size = (node: unknown): number => {
    if (overflow !== undefined) return 0;
    if (isAlias(node)) {
      const copied = anchors.get(node.source) ?? 0;
      total += copied;
      if (total > MAX_SOURCE_SIZE) overflow = node.range?.[0] ?? 0;
      return copied;
    }
    let own = 0;
    if (isScalar(node)) own = node.range ? node.range[1] - node.range[0] : 0;
    else if (isMap(node) || isSeq(node)) {
      for (const item of node.items) own += (isPair(item) ? size(item.key) + size(item.value) : size(item)) + 1;
    }
    if (isNode(node) && node.anchor) anchors.set(node.anchor, own);
    return own;
  };
  size(doc.contents);
  return overflow;
}
