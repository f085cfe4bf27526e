import { projectAt } from '../generator/sources/project-path.js';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { CONTENT_BUDGET } from '../generator/config/content-budget-schema.js';
import { MAX_INLINE_MARKS } from '../generator/content/inline-markup.js';
import { compileMdx, type MdxContext } from '../generator/content/mdx.js';
import { NO_CONTRACTS, type PageSource } from '../generator/content/types.js';
import { runMain } from './helpers.js';
import { assertFailedWith, filesUnder, page, project, type Project } from './hostile-content-helpers.js';

const run = (p: Project) =>
  runMain(['build', '--no-cache', '--no-git-dates', '--config', join(p.dir, 'site-config.yaml'), '--out', p.out]);

// A page's cost is bounded by `contentBudget` (bytes and Markdown nodes), checked before the costly stages.

/** A body of about `nodes` Markdown nodes in few bytes: emphasis, two nodes each. */
function manyNodes(nodes: number): string {
  return Array.from({ length: Math.ceil(nodes / 2) }, (_, i) => `*${i % 10}*`).join(' ');
}

describe('the page budget (contentBudget)', () => {
  test('a docs page, a standalone page and a blog post over the byte budget are each one error at 1:1; out/ is kept', async () => {
    const big = page('x'.repeat(CONTENT_BUDGET.bytes));
    const p = await project({
      'content/docs/index.mdx': page('Small.'),
      'content/pages/about.md': page('Small.', 'About'),
      'content/blog/2024-01-01-hello.md': page('Small.', 'Hello'),
    });
    const first = await run(p);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const before = await filesUnder(p.out);
    await writeFile(join(p.dir, 'content/docs/big.mdx'), big);
    await writeFile(join(p.dir, 'content/pages/big.md'), big);
    await writeFile(join(p.dir, 'content/blog/2024-01-02-big.md'), big);
    const result = await run(p);
    assertFailedWith(result, [
      { file: 'content/blog/2024-01-02-big.md', line: 1, column: 1, rule: 'page-size' },
      { file: 'content/docs/big.mdx', line: 1, column: 1, rule: 'page-size' },
      { file: 'content/pages/big.md', line: 1, column: 1, rule: 'page-size' },
    ]);
    const limit = CONTENT_BUDGET.bytes.toLocaleString('en-US');
    assert.match(
      result.stdout + result.stderr,
      new RegExp(`more than the ${limit} a page may have \\(\`contentBudget\\.bytes\``),
    );
    assert.deepEqual(await filesUnder(p.out), before);
  });

  test('a page over the node budget is one error where the budget runs out', async () => {
    // Under the byte and line budgets, over the node budget: paragraphs of 100 inline code spans
    // (no marks the scan before the parse counts), from line 6 (after the front matter) every other line.
    const paragraph = Array.from({ length: 100 }, () => '`a`').join(' ');
    const body = `${paragraph}\n\n`.repeat(CONTENT_BUDGET.nodes / 200 + 10);
    assert.ok(Buffer.byteLength(page(body)) < CONTENT_BUDGET.bytes);
    assert.ok(page(body).split('\n').length < CONTENT_BUDGET.lines);
    const p = await project({ 'content/docs/index.mdx': page(body) });
    const result = await run(p);
    // The root and the front matter, then 200 nodes a paragraph (it, 100 spans, 99 spaces between):
    // node `nodes + 1` is the 198th child of paragraph `nodes / 200 - 1` (from 0), a space at column 396.
    const last = CONTENT_BUDGET.nodes / 200 - 1;
    assertFailedWith(result, [{ file: 'content/docs/index.mdx', line: 6 + 2 * last, column: 396, rule: 'page-size' }]);
    const limit = CONTENT_BUDGET.nodes.toLocaleString('en-US');
    assert.match(result.stdout + result.stderr, new RegExp(`the page has more than ${limit} Markdown nodes`));
  });

  test('a paragraph with too many emphasis and link marks is one error at its line, before the parse', async () => {
    // Each `*a_` is two runs of marks that never pair, the costliest kind for the parser.
    const marked = '*a_ '.repeat(MAX_INLINE_MARKS / 2 + 1).trim();
    const fits = '*a_ '.repeat(MAX_INLINE_MARKS / 2).trim();
    const body = `Intro.\n\n${fits}\n\n\`\`\`text\n${marked}\n\n${marked}\n\`\`\`\n\n  ${marked.slice(0, 40)}\n${marked}\n`;
    const p = await project({
      'content/docs/index.mdx': page(body),
      'content/docs/ok.md': page(`~~~\n${marked}\n~~~`),
    });
    const result = await run(p);
    // The body starts at line 6; the over-marked paragraph at line 16, column 3.
    assertFailedWith(result, [{ file: 'content/docs/index.mdx', line: 16, column: 3, rule: 'page-size' }]);
    assert.match(result.stdout + result.stderr, /more than 200 emphasis and link marks .*split the paragraph/);
  });

  test('what looks like a code fence inside an HTML comment or an expression hides no paragraph', async () => {
    const marked = '[a '.repeat(MAX_INLINE_MARKS + 1);
    const p = await project({
      'content/docs/comment.md': page(`<!--\n\n\`\`\`\n-->\n\n${marked}\n\n\`\`\``),
      'content/docs/expression.mdx': page(`{/*\n\n\`\`\`\n*/}\n\n${marked}\n\n\`\`\``),
    });
    assertFailedWith(await run(p), [
      { file: 'content/docs/comment.md', line: 11, column: 1, rule: 'page-size' },
      { file: 'content/docs/expression.mdx', line: 11, column: 1, rule: 'page-size' },
    ]);
  });

  test('the default budget holds a page of ordinary prose as large as its bytes allow', async () => {
    const sentence = (i: number) =>
      `Step ${i} of the guide calls \`client.send()\` with a *short* note and links to [the reference](https://example.com/${i}).`;
    const paragraphs: string[] = [];
    let bytes = 0;
    for (let i = 0; bytes < CONTENT_BUDGET.bytes - 2048; i++) {
      const paragraph = i % 20 === 0 ? `## Part ${i}` : [sentence(i), sentence(i + 1), sentence(i + 2)].join(' ');
      paragraphs.push(paragraph);
      bytes += paragraph.length + 2;
    }
    const p = await project({ 'content/docs/index.mdx': page(paragraphs.join('\n\n')) });
    const result = await run(p);
    assert.equal(result.code, 0, result.stdout + result.stderr);
  });

  test('the node budget stops the page before any other transform, highlighting or rendering', async () => {
    const coloured: unknown[] = [];
    const context: MdxContext = {
      baseUrl: '/',
      toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      budget: { lines: CONTENT_BUDGET.lines, nodes: 50 },
      components: new Set(),
      contracts: NO_CONTRACTS,
      fileRoutes: new Map(),
      assets: new Map(),
      project: projectAt('/nonexistent'),
      codeColours: {
        colour: (blocks) => {
          coloured.push(blocks);
          return Promise.reject(new Error('highlighting was reached'));
        },
      },
    };
    // Each of these would be reported by a later step: a missing image (links), an unknown
    // admonition, a code block to colour; the node count must stop the page first.
    const text = `![a](./missing.png)\n\n:::nonsense\nx\n:::\n\n\`\`\`ts\nconst a = 1;\n\`\`\`\n\n${manyNodes(60)}\n`;
    const source = { file: '/nonexistent/p.mdx', display: 'p.mdx', route: '/p/', format: 'mdx', text } as PageSource;
    const output = await compileMdx(source, context);
    assert.deepEqual(
      output.diagnostics.map((d) => [d.rule, d.line]),
      [['page-size', 11]],
    );
    assert.equal(output.tree, undefined);
    assert.deepEqual(coloured, []);
    assert.deepEqual(output.links, []);
    assert.deepEqual(output.toc, []);
    // The same page under a budget that holds it goes on to the later steps.
    const fits = await compileMdx(source, { ...context, budget: { lines: CONTENT_BUDGET.lines, nodes: 1000 } });
    assert.ok(fits.diagnostics.some((d) => d.rule === 'missing-image' || d.rule === 'unknown-admonition'));
  });

  test('the config lowers the budget: a small page fails, in bytes or in nodes, also when it was cached', async () => {
    const small = page('A short page with *a little* emphasis and a [link](https://example.com).');
    const p = await project({ 'content/docs/index.mdx': small });
    const config = join(p.dir, 'site-config.yaml');
    const build = () => runMain(['build', '--no-git-dates', '--config', config, '--out', p.out]);
    assert.equal((await build()).code, 0);
    await writeFile(config, 'title: Hostile\napis: []\ncontentBudget:\n  nodes: 5\n');
    assertFailedWith(await build(), [{ file: 'content/docs/index.mdx', line: 6, column: 20, rule: 'page-size' }]);
    await writeFile(config, 'title: Hostile\napis: []\ncontentBudget:\n  bytes: 60\n');
    assertFailedWith(await build(), [{ file: 'content/docs/index.mdx', line: 1, column: 1, rule: 'page-size' }]);
    await writeFile(config, 'title: Hostile\napis: []\ncontentBudget:\n  bytes: 0\n');
    assertFailedWith(await build(), [{ file: 'site-config.yaml', line: 4, column: 10, rule: 'config-invalid' }]);
  });
});
