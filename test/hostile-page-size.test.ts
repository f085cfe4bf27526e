import { projectAt } from '../generator/sources/project-path.js';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { CONTENT_BUDGET } from '../generator/config/content-budget-schema.js';
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
    assert.match(result.stdout + result.stderr, /more than the 49,152 a page may have \(`contentBudget\.bytes`/);
    assert.deepEqual(await filesUnder(p.out), before);
  });

  test('a page over the node budget is one error where the budget runs out', async () => {
    // Under the byte budget, over the node budget; line 6 holds the body (after the front matter).
    const body = manyNodes(CONTENT_BUDGET.nodes + 100);
    assert.ok(Buffer.byteLength(page(body)) < CONTENT_BUDGET.bytes);
    const p = await project({ 'content/docs/index.mdx': page(body) });
    const result = await run(p);
    // The root, the front matter, the paragraph, then three nodes per `*d* `: the emphasis, its text,
    // the space. Node 20,001 is the space after emphasis 6,665, which starts at column 1 + 4 × 6,665.
    const k = Math.floor((CONTENT_BUDGET.nodes + 1 - 4) / 3);
    assertFailedWith(result, [{ file: 'content/docs/index.mdx', line: 6, column: 1 + 4 * k + 3, rule: 'page-size' }]);
    assert.match(result.stdout + result.stderr, /the page has more than 20,000 Markdown nodes/);
  });

  test('the node budget stops the page before any other transform, highlighting or rendering', async () => {
    const coloured: unknown[] = [];
    const context: MdxContext = {
      baseUrl: '/',
      toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      maxNodes: 50,
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
    const fits = await compileMdx(source, { ...context, maxNodes: 1000 });
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
