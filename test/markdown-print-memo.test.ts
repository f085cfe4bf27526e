import assert from 'node:assert/strict';
import { test } from 'node:test';
import { code, heading, list, paragraph, table, text } from '../generator/markdown/nodes.js';
import { printMarkdown } from '../generator/markdown/print.js';
import { rememberedCount } from '../generator/markdown/print-memo.js';

// Blocks printed once are remembered by what they hold: a block printed again must print as it would alone.

test('a list remembered after another list prints with its own bullet when it stands alone', () => {
  const first = list([[text('one')]]);
  const second = list([[text('two')]]);
  assert.equal(printMarkdown([first, second]), '- one\n\n* two\n');
  assert.equal(printMarkdown([list([[text('two')]])]), '- two\n');
  assert.equal(printMarkdown([heading(2, text('Two')), list([[text('two')]])]), '## Two\n\n- two\n');
  assert.equal(printMarkdown([list([[text('one')]]), list([[text('two')]])]), '- one\n\n* two\n');
});

test('a remembered paragraph keeps escaping what its neighbours within it would make', () => {
  const block = () => paragraph(text('see '), code('x'), text(' or *this'));
  assert.equal(printMarkdown([block()]), 'see `x` or \\*this\n');
  assert.equal(printMarkdown([heading(1, text('Title')), block()]), '# Title\n\nsee `x` or \\*this\n');
});

test('a block of a root that is one sentence is printed in that sentence, not as remembered', () => {
  const block = () => paragraph(text('# x'));
  assert.equal(printMarkdown([block()]), '\\# x\n');
  assert.equal(printMarkdown([text('a '), block()]), 'a # x\n');
});

test('cells remembered from one table print as their own in the next', () => {
  const first = table(['Name', 'Type'], [[[code('id')], [text('a|b')]]]);
  const second = table(
    ['Name', 'Type'],
    [
      [[text('a|b')], [code('id')]],
      [[text('*')], [text('a|b')]],
    ],
  );
  assert.equal(printMarkdown([first]), '| Name | Type |\n| - | - |\n| `id` | a\\|b |\n');
  assert.equal(printMarkdown([second]), '| Name | Type |\n| - | - |\n| a\\|b | `id` |\n| \\* | a\\|b |\n');
  assert.equal(printMarkdown([paragraph(text('a|b'))]), 'a|b\n');
});

test('blocks printed once are printed as remembered blocks are, and nothing of them is remembered', () => {
  const blocks = () => [
    heading(1, text('A *title* with <tags> & [brackets]')),
    paragraph(text('# not a heading, `not code`, a|b')),
    table(['Name'], [[[text('*cell*')]]]),
  ];
  const before = rememberedCount();
  const once = printMarkdown(blocks(), { once: true });
  assert.equal(rememberedCount(), before);
  assert.equal(printMarkdown(blocks()), once);
  assert.ok(rememberedCount() > before);
  assert.equal(printMarkdown(blocks(), { once: true }), once);
});

test('the escaping patterns, grouped once, escape alike in every printing', () => {
  for (let i = 0; i < 3; i++) {
    assert.equal(printMarkdown([paragraph(text('*a* _b_ <c> [d]'))], { once: true }), '\\*a\\* \\_b\\_ \\<c> \\[d]\n');
    assert.equal(printMarkdown([paragraph(text('*a* _b_ <c> [d]'))]), '\\*a\\* \\_b\\_ \\<c> \\[d]\n');
  }
});

test('adjacent texts print as one text, wherever they stand, and the blocks given are left as they are', () => {
  const split = () => [
    heading(2, text('Intro')),
    paragraph(text('1'), text('. x')),
    list([[text('a')], [text('2'), text(') b'), code('c'), text('d'), text('*e')]]),
  ];
  const whole = [
    heading(2, text('Intro')),
    paragraph(text('1. x')),
    list([[text('a')], [text('2) b'), code('c'), text('d*e')]]),
  ];
  const blocks = split();
  const before = JSON.stringify(blocks);
  assert.equal(printMarkdown(blocks, { once: true }), printMarkdown(whole, { once: true }));
  assert.equal(printMarkdown(split(), { once: true }), '## Intro\n\n1\\. x\n\n- a\n- 2\\) b`c`d\\*e\n');
  assert.equal(JSON.stringify(blocks), before);
});
