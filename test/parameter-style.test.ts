import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  pathText,
  simpleText,
  stylePairs,
  URL_ESCAPING,
  type Style,
} from '../generator/render/api/samples/parameter-style.js';

// The Parameter Object's style examples table of OpenAPI 3.0.3 / 3.1.0 (§ Style Examples), for
// `color` = "blue", ["blue", "black", "brown"] and { "R": 100, "G": 200, "B": 150 }.
const PRIMITIVE = 'blue';
const ARRAY = ['blue', 'black', 'brown'];
const OBJECT = { R: 100, G: 200, B: 150 };

const PATH_TABLE: Array<[Style, boolean, string, string, string]> = [
  ['matrix', false, ';color=blue', ';color=blue,black,brown', ';color=R,100,G,200,B,150'],
  ['matrix', true, ';color=blue', ';color=blue;color=black;color=brown', ';R=100;G=200;B=150'],
  ['label', false, '.blue', '.blue,black,brown', '.R,100,G,200,B,150'],
  ['label', true, '.blue', '.blue.black.brown', '.R=100.G=200.B=150'],
  ['simple', false, 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
  ['simple', true, 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
];

/** Query styles: the pairs joined as a query string, then decoded, as the table writes them. */
const QUERY_TABLE: Array<[Style, boolean, string | undefined, string | undefined, string | undefined]> = [
  ['form', false, 'color=blue', 'color=blue,black,brown', 'color=R,100,G,200,B,150'],
  ['form', true, 'color=blue', 'color=blue&color=black&color=brown', 'R=100&G=200&B=150'],
  ['spaceDelimited', false, undefined, 'color=blue black brown', 'color=R 100 G 200 B 150'],
  ['pipeDelimited', false, undefined, 'color=blue|black|brown', 'color=R|100|G|200|B|150'],
  ['deepObject', true, undefined, undefined, 'color[R]=100&color[G]=200&color[B]=150'],
];

describe('parameter styles against the OpenAPI style examples table', () => {
  test('path styles: matrix, label and simple, exploded or not', () => {
    for (const [style, explode, primitive, array, object] of PATH_TABLE) {
      const row = `${style} explode=${explode}`;
      assert.equal(pathText('color', PRIMITIVE, style, explode), primitive, row);
      assert.equal(pathText('color', ARRAY, style, explode), array, row);
      assert.equal(pathText('color', OBJECT, style, explode), object, row);
    }
  });

  test('query styles: form, spaceDelimited, pipeDelimited and deepObject', () => {
    const query = (value: unknown, style: Style, explode: boolean): string =>
      decodeURIComponent(
        stylePairs('color', value, style, explode, URL_ESCAPING)
          .map(([name, text]) => `${name}=${text}`)
          .join('&'),
      );
    for (const [style, explode, primitive, array, object] of QUERY_TABLE) {
      const row = `${style} explode=${explode}`;
      if (primitive !== undefined) assert.equal(query(PRIMITIVE, style, explode), primitive, row);
      if (array !== undefined) assert.equal(query(ARRAY, style, explode), array, row);
      if (object !== undefined) assert.equal(query(OBJECT, style, explode), object, row);
    }
  });

  test('delimiters stay apart from the same characters inside a value', () => {
    const pairs = stylePairs('q', ['a,b', 'c d', 'e|f'], 'form', false, URL_ESCAPING);
    assert.deepEqual(pairs, [['q', 'a%2Cb,c%20d,e%7Cf']]);
    assert.equal(pathText('id', ['x/y', 'z'], 'simple', false), 'x%2Fy,z');
    assert.equal(simpleText({ k: 'v,w' }, true, ',', URL_ESCAPING), 'k=v%2Cw');
  });

  test('deepObject nests brackets for nested objects and indexes arrays (items[0][price])', () => {
    const pairs = stylePairs('items', [{ price: 'p1', tiers: { up_to: 5 } }], 'deepObject', true, URL_ESCAPING);
    assert.deepEqual(
      pairs.map(([name, value]) => [decodeURIComponent(name), value]),
      [
        ['items[0][price]', 'p1'],
        ['items[0][tiers][up_to]', '5'],
      ],
    );
  });
});
