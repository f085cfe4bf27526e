import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { BLOCK_COLORS, TONES } from '../generator/render/api/samples/tones.js';
import { ROOT } from './helpers.js';

test('the stylesheet colours each token class as the generator reads it: light, then dark', async () => {
  const css = await readFile(`${ROOT}/templates/styles/api-aside.css`, 'utf8');
  const rules = [
    ...css.matchAll(/\.shiki \.(tk-\w+) \{\s*color: (#[0-9a-f]{6});\s*--shiki-dark: (#[0-9a-f]{6});\s*\}/g),
  ];
  const fromCss = Object.fromEntries(rules.map(([, name, light, dark]) => [`${light} ${dark}`, name]));
  assert.deepEqual(fromCss, TONES);
  assert.equal(new Set(Object.values(TONES)).size, Object.keys(TONES).length, 'one class per pair');
  const block =
    /\.api-block pre\.shiki \{\s*color: (#\w+);\s*--shiki-dark: (#\w+);\s*background-color: (#\w+);\s*--shiki-dark-bg: (#\w+);\s*\}/.exec(
      css,
    );
  assert.deepEqual(block?.slice(1), [BLOCK_COLORS.fg, BLOCK_COLORS.fgDark, BLOCK_COLORS.bg, BLOCK_COLORS.bgDark]);
});
