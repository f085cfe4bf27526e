import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { createHighlighter, type BundledLanguage, type RegexEngine } from 'shiki';
import { colourBlocks, CODE_THEMES } from '../generator/content/plugins/highlighter.js';
import { rememberingEngine, rememberingMatches } from '../generator/content/plugins/match-memo.js';

/** An engine whose scanner answers each search with the search's own position, counting them. */
function countingEngine(): { engine: RegexEngine; searches: () => number } {
  let searches = 0;
  const engine: RegexEngine = {
    createString: (content) => ({ content }),
    createScanner: () => ({
      findNextMatchSync: (_text, start, options) => {
        searches++;
        return { index: options, captureIndices: [{ start, end: start + 1, length: 1 }] };
      },
    }),
  };
  return { engine, searches: () => searches };
}

test('while a block is coloured, a search made again is answered from memory, with its own answer', () => {
  const { engine, searches } = countingEngine();
  const scanner = rememberingEngine(engine).createScanner(['a']);
  const line = engine.createString('let a = 1;');
  const found = rememberingMatches(() => [
    scanner.findNextMatchSync(line, 0, 0),
    scanner.findNextMatchSync(line, 4, 0),
    // The second theme's pass: the same searches on the same text.
    scanner.findNextMatchSync(engine.createString('let a = 1;'), 0, 0),
    scanner.findNextMatchSync(line, 4, 0),
    // Another position or other options are another search.
    scanner.findNextMatchSync(line, 4, 1),
  ]);
  assert.equal(searches(), 3);
  assert.deepEqual(
    found.map((match) => `${match?.index} ${match?.captureIndices[0]?.start}`),
    ['0 0', '0 4', '0 0', '0 4', '1 4'],
  );
});

test('outside a block, and in the next one, every search is made again', () => {
  const { engine, searches } = countingEngine();
  const scanner = rememberingEngine(engine).createScanner(['a']);
  rememberingMatches(() => scanner.findNextMatchSync('x', 0, 0));
  scanner.findNextMatchSync('x', 0, 0);
  scanner.findNextMatchSync('x', 0, 0);
  rememberingMatches(() => scanner.findNextMatchSync('x', 0, 0));
  assert.equal(searches(), 4);
});

test('blocks coloured with remembered searches are the markup shiki prints searching every time', async () => {
  const blocks = [
    { code: 'const a = `x ${b}`; // c\nfunction f<T>(x: T): T {\n  return /re+/g.test(x) ? x : x;\n}', lang: 'ts' },
    { code: '{"a": [1, true, null], "b": {"c": "d"}}', lang: 'json' },
    { code: 'def f(x):\n    """doc"""\n    return x ** 2  # square', lang: 'python' },
    { code: 'curl -X POST "https://x.example/a?b=1" \\\n  -H "Authorization: Bearer $TOKEN"', lang: 'bash' },
    { code: '<div class="a">{{ b }}</div>\n<script>let c = 1;</script>', lang: 'html' },
  ];
  const html = await colourBlocks(blocks.map((block) => ({ ...block, highlight: [] })));
  // shiki's own engine, which searches every time.
  const shiki = await createHighlighter({
    themes: [CODE_THEMES.light, CODE_THEMES.dark],
    langs: blocks.map((block) => block.lang as BundledLanguage),
  });
  for (const [i, block] of blocks.entries()) {
    const root = shiki.codeToHast(block.code, { lang: block.lang, themes: CODE_THEMES, tokenizeTimeLimit: 0 });
    assert.equal(html[i], toHtml(root.children[0] as Element), block.lang);
  }
  shiki.dispose();
});
