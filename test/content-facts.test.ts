import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Root } from 'mdast';
import {
  contentPages,
  nodes,
  pagePlaceholders,
  pageUnparsed,
  parseMarkdown,
  parsePage,
  placeholdersIn,
  unparsed,
} from './content-facts-helpers.js';

// The real site's pages give values a reader can use: no `<placeholder>` to invent, no JSON or YAML
// block that would not parse if copied.

describe('the content checks on small texts', () => {
  test('a name in angle brackets is a placeholder unless it is HTML or an element the text closes', () => {
    assert.deepEqual(placeholdersIn('image: <registry>/datasource:<tag>\n"<start-pages-setting>": "<value>"'), [
      '<registry>',
      '<tag>',
      '<start-pages-setting>',
      '<value>',
    ]);
    assert.deepEqual(
      placeholdersIn('<div><br></div> <version>1.0</version> <Schema name="x" /> a < b > c Promise<void>'),
      [],
    );
  });

  test('a block marked `placeholders` may show them; others may not', () => {
    const page = (markdown: string) => pagePlaceholders('p.mdx', parseMarkdown(markdown, 'mdx'));
    assert.deepEqual(page('```yaml placeholders\nimage: <registry>/x\n```\n'), []);
    assert.deepEqual(page('```yaml\nimage: <registry>/x\n```\n\nSet `<tag>`.\n'), [
      'p.mdx:1 <registry>',
      'p.mdx:5 <tag>',
    ]);
  });

  test('JSON and YAML that do not parse are reported', () => {
    assert.equal(unparsed('json', '{"a": [1, 2]}'), undefined);
    assert.match(unparsed('json', '{"a": 1,}') ?? '', /JSON/);
    assert.equal(unparsed('yaml', 'a: 1\n---\nb: [2]\n'), undefined);
    assert.notEqual(unparsed('yaml', 'a: [1\nb: 2\n'), undefined);
    assert.deepEqual(pageUnparsed('p.md', parseMarkdown('```yml\na: {\n```\n\n```json\n{}\n```\n', 'md')).length, 1);
  });
});

describe('the real content', () => {
  const pages = new Map<string, Root>();
  before(async () => {
    for (const file of await contentPages('.')) pages.set(file, await parsePage(file));
  });

  test('there are pages and blocks to check', () => {
    assert.ok(pages.size > 40, `${pages.size} pages`);
    const blocks = [...pages.values()].flatMap((tree) =>
      [...nodes(tree)].filter((n) => n.type === 'code' && /^(json|ya?ml)$/.test(n.lang ?? '')),
    );
    assert.ok(blocks.length > 100, `${blocks.length} JSON and YAML blocks`);
  });

  test('no page has an angle-bracket placeholder outside a block marked `placeholders`', () => {
    assert.deepEqual(
      [...pages].flatMap(([file, tree]) => pagePlaceholders(file, tree)),
      [],
    );
  });

  test('every JSON and YAML block parses', () => {
    assert.deepEqual(
      [...pages].flatMap(([file, tree]) => pageUnparsed(file, tree)),
      [],
    );
  });
});
