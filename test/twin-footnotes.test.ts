import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { build } from '../generator/commands/build.js';
import { tempDir } from './helpers.js';

const page = (title: string, note: string): string =>
  `---\ntitle: ${title}\ndescription: ${title}.\n---\n\nA claim.[^1]\n\n[^1]: ${note}\n`;

test("two pages' footnotes stay each page's own in llms-full.txt; each twin keeps its labels as written", async () => {
  const dir = await tempDir('twin-footnotes');
  await cp('test/fixtures/sites/minimal-clean', dir, { recursive: true });
  await writeFile(join(dir, 'content/docs/first.mdx'), page('First', 'The first page says so.'));
  await writeFile(join(dir, 'content/docs/second.mdx'), page('Second', 'The second page says so.'));
  const result = await build({ config: join(dir, 'site-config.yaml'), out: join(dir, 'out'), strict: true });
  assert.deepEqual(result.diagnostics, []);

  for (const name of ['first', 'second']) {
    const twin = await readFile(join(dir, `out/site/docs/${name}/index.md`), 'utf8');
    assert.match(twin, /A claim\.\[\^1\]/);
    assert.match(twin, /^\[\^1\]: /m);
  }

  // Read back as Markdown: each reference finds its own page's note.
  const full = await readFile(join(dir, 'out/site/llms-full.txt'), 'utf8');
  const tree = unified().use(remarkParse).use(remarkGfm).parse(full);
  const notes = new Map<string, string>();
  visit(tree, 'footnoteDefinition', (node) => {
    assert.ok(!notes.has(node.identifier), `one definition of ${node.identifier}`);
    notes.set(node.identifier, JSON.stringify(node.children));
  });
  const found = new Map<string, string>();
  visit(tree, 'footnoteReference', (node) => {
    found.set(node.identifier, notes.get(node.identifier) ?? '');
  });
  assert.match(found.get('docs-site-docs-first-1') ?? '', /The first page says so\./);
  assert.match(found.get('docs-site-docs-second-1') ?? '', /The second page says so\./);
});
