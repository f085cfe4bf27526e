import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { toString } from 'hast-util-to-string';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { codeToHtml } from 'shiki';
import { CONTENT_BUDGET } from '../generator/config/content-budget-schema.js';
import { colouredOn } from '../generator/content/code-colours.js';
import { compileMdx, type MdxContext } from '../generator/content/mdx.js';
import { Background } from '../generator/workers/background.js';
import { renderPageTree } from '../generator/content/page-tree.js';
import { CODE_THEMES } from '../generator/content/plugins/highlighter.js';
import { NO_CONTRACTS, type PageSource } from '../generator/content/types.js';
import { PAGE_TREE_COMPONENTS } from '../templates/mdx/components.js';
import { MDX_COMPONENT_NAMES } from '../templates/mdx/component-names.js';
import { Page } from './html.js';

const context: MdxContext = {
  project: { dir: process.cwd() },
  baseUrl: '/',
  toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  budget: CONTENT_BUDGET,
  components: new Set(MDX_COMPONENT_NAMES),
  contracts: NO_CONTRACTS,
  fileRoutes: new Map(),
  assets: new Map(),
};

function source(text: string): PageSource {
  return {
    kind: 'doc',
    file: '/site/content/docs/code.mdx',
    display: 'content/docs/code.mdx',
    relPath: 'code.mdx',
    id: 'code',
    route: '/docs/code/',
    format: 'mdx',
    text,
    frontMatter: { title: 'Code' } as PageSource['frontMatter'],
  };
}

/** The page's body as the site draws it: compiled, then rendered from its tree with the page components. */
async function rendered(text: string): Promise<{ page: Page; diagnostics: string[] }> {
  const output = await compileMdx(source(text), context);
  const diagnostics = output.diagnostics.map((d) => `${d.severity} ${d.rule} ${d.line}`);
  if (output.tree === undefined) return { page: new Page(fromHtml('')), diagnostics };
  const html = renderToStaticMarkup(
    runtime.jsx(runtime.Fragment, { children: renderPageTree(output.tree, PAGE_TREE_COMPONENTS) }),
  );
  return { page: new Page(fromHtml(html, { fragment: true })), diagnostics };
}

/** The same markup, as the DOM reads it: escaping and attribute quoting do not count. */
function asDom(node: Element): string {
  return toHtml(fromHtml(toHtml(node), { fragment: true }));
}

const HOSTILE =
  'const tag = "</code></pre><script>alert(1)</script>";\nif (a < b && c > d) print(\'&amp;\');\nreturn <div onClick={go}>x</div>;';

test('a highlighted block is the markup shiki prints, with its title, highlighted lines and copy button', async () => {
  const { page, diagnostics } = await rendered(`Text.\n\n\`\`\`tsx title="Example" {2}\n${HOSTILE}\n\`\`\`\n`);
  assert.deepEqual(diagnostics, []);
  const block = page.one('div.code-block');
  assert.equal(block?.properties.dataLanguage, 'tsx');
  assert.equal(page.text('.code-block > .code-block-title'), 'Example');
  assert.equal(page.attr('.code-block > button.copy-button', 'ariaLabel'), 'Copy code to clipboard');
  const expected = await codeToHtml(HOSTILE, {
    lang: 'tsx',
    themes: CODE_THEMES,
    // Without a time limit, so that a busy machine cannot leave a line uncoloured on this side either.
    tokenizeTimeLimit: 0,
    transformers: [
      {
        line: (line, number) =>
          number === 2 ? { ...line, properties: { ...line.properties, class: 'line highlighted' } } : line,
      },
    ],
  });
  const pre = page.one('.code-block > pre');
  assert.ok(pre);
  assert.equal(asDom(pre), asDom(new Page(fromHtml(expected, { fragment: true })).one('pre')!));
  assert.deepEqual(
    page.all('.code-block .line.highlighted').map((line) => toString(line)),
    [HOSTILE.split('\n')[1]],
  );
});

test('code and its title are shown as text, never read as markup', async () => {
  const title = '<img src=x onerror=alert(1)> & "quoted"';
  // A language is named first: without one, the info string's first word would be taken for it.
  for (const lang of ['tsx', 'html', 'no-such-language', 'text']) {
    const { page } = await rendered(`\`\`\`${lang} title='${title}'\n${HOSTILE}\n\`\`\`\n`);
    assert.equal(page.all('script, img').length, 0, lang);
    assert.equal(page.all('.code-block').length, 1, lang);
    assert.equal(page.text('.code-block-title'), title, lang);
    assert.equal(toString(page.one('.code-block pre code')!), HOSTILE, lang);
  }
  const { page: plain } = await rendered(`\`\`\`\n${HOSTILE}\n\`\`\`\n`);
  assert.equal(plain.all('script').length, 0);
  assert.equal(plain.attr('.code-block', 'dataLanguage'), 'text');
  assert.equal(toString(plain.one('.code-block pre code')!), HOSTILE);
});

test('a page cannot write the element a code block becomes', async () => {
  const { diagnostics } = await rendered('<#highlighted-code language="x" html="<script>alert(1)</script>" />\n');
  assert.deepEqual(diagnostics, ['error mdx-syntax 1']);
  const html = await rendered('<highlighted-code html="<img src=x onerror=alert(1)>" />\n');
  assert.deepEqual(html.diagnostics, ['error unsafe-html 1']);
});

test('blocks coloured on a second thread are the blocks coloured here, with the same warnings', async () => {
  const text = [
    'Text.',
    '```tsx title="Example" {2}',
    HOSTILE,
    '```',
    '```yaml',
    'a: 1 # note',
    '```',
    '```no-such-language',
    'plain',
    '```',
    '```',
    'no language',
    '```',
    '',
  ].join('\n');
  const here = await compileMdx(source(text), context);
  const thread = Background.threaded();
  try {
    const there = await compileMdx(source(text), { ...context, codeColours: colouredOn(thread) });
    assert.ok(here.tree);
    assert.equal(there.tree, here.tree);
    assert.deepEqual(there.diagnostics, here.diagnostics);
    assert.deepEqual(
      here.diagnostics.map((d) => `${d.line} ${d.rule}`),
      ['10 code-language'],
    );
    // Not done here instead: a thread that cannot start or dies leaves the work to this one.
    assert.equal(thread.usedSecondThread, true, 'the second thread coloured the blocks');
  } finally {
    await thread.close();
  }
});
