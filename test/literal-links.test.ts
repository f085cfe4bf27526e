import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Link } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { CONTENT_BUDGET } from '../generator/config/content-budget-schema.js';
import { compileMdx, type MdxContext } from '../generator/content/mdx.js';
import { mayHoldLiteralLinks, remarkWithoutLiteralLinkSearch } from '../generator/content/plugins/literal-links.js';
import { NO_CONTRACTS, type PageSource } from '../generator/content/types.js';

const context: MdxContext = {
  project: { dir: process.cwd() },
  baseUrl: '/',
  toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  budget: CONTENT_BUDGET,
  components: new Set(),
  contracts: NO_CONTRACTS,
  fileRoutes: new Map(),
  assets: new Map(),
};

function source(text: string, format: PageSource['format']): PageSource {
  return {
    kind: 'doc',
    file: `/site/content/docs/links.${format}`,
    display: `content/docs/links.${format}`,
    relPath: `links.${format}`,
    id: 'links',
    route: '/docs/links/',
    format,
    text,
    frontMatter: { title: 'Links' } as PageSource['frontMatter'],
  };
}

/** The links GFM itself finds in the text (remark-parse with remark-gfm, nothing left out). */
function gfmLinks(text: string): string[] {
  const urls: string[] = [];
  visit(unified().use(remarkParse).use(remarkGfm).parse(text), 'link', (node: Link) => void urls.push(node.url));
  return urls;
}

/** The links of the page as the build compiles it. */
async function pageLinks(text: string, format: PageSource['format']): Promise<string[]> {
  const output = await compileMdx(source(text, format), context);
  assert.ok(output.tree !== undefined, output.diagnostics.map((d) => d.message).join('; '));
  const urls: string[] = [];
  JSON.parse(output.tree, (key, value: unknown) => {
    if (key === 'href' && typeof value === 'string') urls.push(value);
    return value;
  });
  return urls;
}

/** Bodies GFM finds literal links in, and some it finds none in. */
const BODIES = [
  'Visit www.example.com today.',
  'Visit WWW.Example.COM today.',
  'See https://example.com/a?b=c, and http://example.org.',
  'SHOUTED: HTTP://EXAMPLE.COM/PATH',
  'Write to someone@example.com today.',
  'A reference spells one: &#x77;ww.example.com and &#64; in a@b&#46;co',
  'An escape spells one: http\\://example.com/x and www\\.example.com',
  'A table:\n\n| a | b |\n|---|---|\n| www.example.com | x |\n',
  'None here: www example com, http colon, at sign spelled out.',
  '`www.example.com` in code only.',
  'Plain prose, `code`, **bold** and [a link](https://example.com/).',
];

test('a page whose text cannot hold a literal link is told apart by its text alone', () => {
  for (const body of BODIES.slice(0, 8)) assert.equal(mayHoldLiteralLinks(body), true, body);
  assert.equal(mayHoldLiteralLinks('Plain prose, `code`, **bold** and [a link](./other.md).'), false);
});

test('literal links are linked as GFM links them', async () => {
  let linked = 0;
  for (const format of ['md', 'mdx'] as const) {
    for (const body of BODIES) {
      const expected = gfmLinks(body);
      assert.deepEqual(await pageLinks(body, format), expected, `${format}: ${body}`);
      if (expected.length > 0) linked++;
    }
  }
  // Most of the bodies have links: the comparison is not between two empty lists.
  assert.ok(linked >= 16, `${linked}`);
});

test('a page compiles to the same tree whether or not its text is searched for literal links', async () => {
  // An "@" in the front matter has every page searched; without it, only those that may hold a link.
  const searched = (body: string): string => `---\nnote: "@"\n---\n\n${body}`;
  const bodies = [
    ...BODIES,
    'Addresses with directives: mailto:them@example.org, xmpp:me@example.com/home.',
    // Every other GFM construct, in a page the parser reads without the literal links' constructs.
    'Struck ~~out~~ and ~once~, a note[^1].\n\n[^1]: The note.\n\n- [x] done\n- [ ] not yet\n\n| a | b |\n|:--|--:|\n| c | d |\n',
  ];
  for (const format of ['md', 'mdx'] as const)
    for (const body of bodies) {
      const plain = await compileMdx(source(body, format), context);
      const always = await compileMdx(source(searched(body), format), context);
      assert.ok(plain.tree !== undefined && always.tree !== undefined, body);
      assert.equal(plain.tree, always.tree, `${format}: ${body}`);
    }
});

/** The names of the text constructs a processor's parser tries (its micromark extensions), one list per extension. */
function textConstructs(processor: { data(key: 'micromarkExtensions'): unknown }): string[] {
  const extensions = (processor.data('micromarkExtensions') ?? []) as Array<{ text?: Record<string, unknown> }>;
  return extensions.flatMap((extension) =>
    Object.values(extension.text ?? {}).flatMap((value) =>
      (Array.isArray(value) ? value : [value]).map((construct) => (construct as { name?: string }).name ?? ''),
    ),
  );
}

test("a page without literal links is parsed without trying the literal links' constructs, and with GFM's others", () => {
  const gfm = unified().use(remarkParse).use(remarkGfm);
  gfm.freeze();
  const without = unified().use(remarkParse).use(remarkGfm).use(remarkWithoutLiteralLinkSearch);
  without.freeze();
  assert.ok(textConstructs(gfm).includes('emailAutolink'));
  const left = textConstructs(without);
  for (const name of ['emailAutolink', 'wwwAutolink', 'protocolAutolink']) assert.ok(!left.includes(name), name);
  assert.deepEqual(
    [...new Set(left)].sort(),
    [...new Set(textConstructs(gfm))].filter((name) => !name.endsWith('Autolink')).sort(),
  );
});
