import type { Root, RootContent } from 'hast';

/** Elements a browser shows on lines of their own: their text is kept apart from the text around them. */
const BLOCK =
  /^(address|article|aside|blockquote|br|dd|details|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|td|th|tr|ul)$/;

/** The text a reader sees of a sanitized tree, on one line with single spaces. */
export function textOf(tree: Root): string {
  const parts: string[] = [];
  const walk = (nodes: readonly RootContent[]): void => {
    for (const node of nodes) {
      if (node.type === 'text') parts.push(node.value);
      else if (node.type === 'element') {
        const block = BLOCK.test(node.tagName);
        if (block) parts.push(' ');
        walk(node.children);
        if (block) parts.push(' ');
      }
    }
  };
  walk(tree.children);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
