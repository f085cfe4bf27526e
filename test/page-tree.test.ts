import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compile, evaluate } from '@mdx-js/mdx';
import type { ReactNode } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkGfm from 'remark-gfm';
import { rehypeCaptureTree, renderPageTree, serializePageTree, TreeCaptured } from '../generator/content/page-tree.js';

const { jsx } = runtime;

/** Components that show every prop they get, so a wrong literal shows in the HTML. */
const components = {
  Card: ({ children, ...props }: { children?: ReactNode }) =>
    jsx('section', { 'data-props': JSON.stringify(props), children }),
  Note: ({ children }: { children?: ReactNode }) => jsx('aside', { children }),
};

async function pageTree(text: string): Promise<string> {
  try {
    await compile(text, { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeCaptureTree] });
  } catch (error) {
    if (error instanceof TreeCaptured) return serializePageTree(error.tree);
    throw error;
  }
  throw new Error('the tree was not captured');
}

const PAGE = `# Title {/* a comment renders nothing */}

Some *emphasis*, \`code\`, a [link](/docs/) and a table:

| a | b |
|:--|--:|
| 1 | 2 |

<Card title="One" count={-3} ratio={+0.5} items={["x", { y: 1, "z": [true, null] }]} text={\`plain\`} flag>
  Text inside **a component**, with <Note>a nested one</Note>.
</Card>

<details>
  <summary>More</summary>
  Hidden text.
</details>

1. first
2. second
`;

test('a page rendered from its syntax tree is the HTML that running MDX\u2019s compiled code gives', async () => {
  const { default: Compiled } = await evaluate(PAGE, { ...runtime, remarkPlugins: [remarkGfm] } as Parameters<
    typeof evaluate
  >[1]);
  const expected = renderToStaticMarkup(jsx(Compiled, { components }));
  const actual = renderToStaticMarkup(
    jsx(runtime.Fragment, { children: renderPageTree(await pageTree(PAGE), components) }),
  );
  assert.equal(actual, expected);
  assert.match(
    actual,
    /data-props="\{&quot;title&quot;:&quot;One&quot;,&quot;count&quot;:-3,&quot;ratio&quot;:0.5,&quot;items&quot;:\[&quot;x&quot;,\{&quot;y&quot;:1,&quot;z&quot;:\[true,null\]\}\],&quot;text&quot;:&quot;plain&quot;,&quot;flag&quot;:true\}"/,
  );
});

test('the serialized tree keeps no source positions, and no comment expressions', async () => {
  const json = await pageTree(PAGE);
  assert.doesNotMatch(json, /"position"|"loc"|"range"/);
  assert.doesNotMatch(json, /mdxFlowExpression|mdxTextExpression|a comment/);
});

test('a tree holding anything but literals and the site\u2019s components does not render', async () => {
  const tree = JSON.parse(await pageTree('<Card title={1} />')) as {
    children: Array<{ attributes: Array<{ value: { data: { estree: { body: Array<{ expression: unknown }> } } } }> }>;
  };
  tree.children[0]!.attributes[0]!.value.data.estree.body[0]!.expression = { type: 'Identifier', name: 'process' };
  assert.throws(() => renderPageTree(JSON.stringify(tree), components), /unknown component <process>/);
  tree.children[0]!.attributes[0]!.value.data.estree.body[0]!.expression = {
    type: 'CallExpression',
    callee: { type: 'Identifier', name: 'alert' },
    arguments: [],
  };
  assert.throws(() => renderPageTree(JSON.stringify(tree), components), /only literal values, not CallExpression/);
  const unknown = await pageTree('<Unknown />');
  assert.throws(() => renderPageTree(unknown, components), /unknown component <Unknown>/);
});
