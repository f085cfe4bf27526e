import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Root, RootContent } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { SKIP as VISIT_SKIP, visit } from 'unist-util-visit';
import { SKIP, walk } from '../generator/content/plugins/walk.js';

const MARKDOWN = `# Title

Some *emphasis* with [a link](/docs/) and \`code\`.

- one **bold**
- two
  - nested _deep_

> A quote with ![an image](./x.png).

\`\`\`ts
const x = 1;
\`\`\`
`;

const fromMarkdown = (text: string): Root => unified().use(remarkParse).parse(text);

const label = (
  node: { type: string; value?: unknown },
  index: number | undefined,
  parent: { type: string } | undefined,
): string =>
  `${parent?.type ?? '-'}[${index ?? '-'}] ${node.type}${typeof node.value === 'string' ? `:${node.value}` : ''}`;

test('the walk meets every node in the order unist-util-visit does, with the same index and parent', () => {
  const tree = fromMarkdown(MARKDOWN);
  const expected: string[] = [];
  visit(tree, (node, index, parent) => void expected.push(label(node, index, parent)));
  const actual: string[] = [];
  walk(tree, (node, index, parent) => void actual.push(label(node, index, parent)));
  assert.ok(expected.length > 30);
  assert.deepEqual(actual, expected);
});

test('children replaced or added while walking are walked as unist-util-visit walks them', () => {
  // Emphasis is replaced by its text and walked again from there; a list item gains a paragraph;
  // a blockquote is not entered.
  const run = (
    each: (
      tree: Root,
      visitor: (
        node: Root | RootContent,
        index: number | undefined,
        parent: { type: string; children: RootContent[] } | undefined,
      ) => unknown,
    ) => void,
    skip: typeof SKIP | typeof VISIT_SKIP,
  ): string[] => {
    const tree = fromMarkdown(MARKDOWN);
    const seen: string[] = [];
    each(tree, (node, index, parent) => {
      seen.push(label(node, index, parent));
      if (node.type === 'emphasis' && parent && index !== undefined) {
        parent.children.splice(index, 1, ...(node.children as RootContent[]));
        return [skip, index];
      }
      if (node.type === 'listItem' && node.children.length < 3)
        node.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'added' }] });
      if (node.type === 'blockquote') return skip;
      return undefined;
    });
    return seen;
  };
  const expected = run((tree, visitor) => visit(tree, visitor as never), VISIT_SKIP);
  const actual = run((tree, visitor) => walk(tree, visitor as never), SKIP);
  assert.ok(expected.includes('paragraph[1] text:emphasis'), 'the replacement was walked');
  assert.ok(expected.includes('listItem[1] paragraph') && !expected.some((line) => line.includes('an image')));
  assert.deepEqual(actual, expected);
});
