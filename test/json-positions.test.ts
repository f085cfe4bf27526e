import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { JsonPositions } from '../generator/sources/json-positions.js';
import type { Segment } from '../generator/sources/pointer.js';
import { CORPUS, corpusSuite } from './corpus.js';

/** What the locator answered before: jsonc-parser's tree of the whole text, the deepest existing node of the path. */
function fromTree(text: string, segments: readonly Segment[], target: 'key' | 'value'): number | undefined {
  const tree = parseTree(text);
  if (!tree) return undefined;
  for (let n = segments.length; n >= 0; n--) {
    const node = findNodeAtLocation(tree, segments.slice(0, n) as Segment[]);
    if (node) {
      const keyNode =
        target === 'key' && n === segments.length && node.parent?.type === 'property'
          ? node.parent.children?.[0]
          : undefined;
      return (keyNode ?? node).offset;
    }
  }
  return tree.offset;
}

/** Every path in a JSON value, depth first (each object's keys and each array's indexes), at most `limit`. */
function paths(value: unknown, limit: number): Segment[][] {
  const out: Segment[][] = [];
  const walk = (node: unknown, path: Segment[]): void => {
    if (out.length >= limit) return;
    out.push(path);
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...path, i]));
    else if (node !== null && typeof node === 'object')
      for (const [key, item] of Object.entries(node)) walk(item, [...path, key]);
  };
  walk(value, []);
  return out;
}

/** Paths that do not exist, or name a property of an array or an item of an object: located at an ancestor. */
function wrong(path: readonly Segment[]): Segment[][] {
  const last = path.at(-1);
  const head = path.slice(0, -1);
  return [
    [...path, 'no-such-key'],
    [...path, 99_999],
    ...(last === undefined ? [] : [[...head, typeof last === 'number' ? String(last) : 0]]),
  ];
}

function assertSame(text: string, cases: readonly Segment[][], label: string): void {
  // One locator per text, asked in this order: what it scanned for one path must not change another's answer.
  const positions = new JsonPositions(text);
  const tree = parseTree(text);
  assert.ok(tree);
  for (const segments of cases) {
    for (const target of ['value', 'key'] as const) {
      assert.equal(
        positions.locate(segments, target),
        fromTree(text, segments, target),
        `${label} ${JSON.stringify(segments)} ${target}`,
      );
    }
  }
}

corpusSuite('real-world corpus', () => {
  test("JSON positions are the ones jsonc-parser's tree gives, for every path of small corpus documents and paths that miss", () => {
    for (const file of [
      'public/apisguru__shop-pro.jp.json',
      'public/oai__link-example.json',
      'public/paloalto__openapi-cos.json',
      'public/oai__callback-example.json',
      'public/redoc-fixture__unevaluatedProperties.json',
    ]) {
      const text = readFileSync(join(CORPUS, file), 'utf8');
      const all = paths(JSON.parse(text), 20_000);
      assert.ok(all.length > 20, file);
      // In document order, in reverse (the locator scans forward and must still find what it passed), and the misses.
      assertSame(text, [...all, ...[...all].reverse(), ...all.flatMap(wrong)], file);
    }
  });

  test('JSON positions in a large document, asked in scattered order', () => {
    const text = readFileSync(join(CORPUS, 'public/adyen__CheckoutService-v71.json'), 'utf8');
    const all = paths(JSON.parse(text), 1_000_000);
    // Every 97th path, back to front, and then front to back: far apart in the text, as diagnostics are.
    const sample = all.filter((_, i) => i % 97 === 0);
    assert.ok(sample.length > 100);
    const tree = parseTree(text);
    assert.ok(tree);
    const positions = new JsonPositions(text);
    for (const segments of [...[...sample].reverse(), ...sample, ...sample.slice(0, 50).flatMap(wrong)]) {
      for (const target of ['value', 'key'] as const) {
        const node = ((): number | undefined => {
          for (let n = segments.length; n >= 0; n--) {
            const found = findNodeAtLocation(tree, segments.slice(0, n) as Segment[]);
            if (found)
              return (
                (target === 'key' && n === segments.length && found.parent?.type === 'property'
                  ? found.parent.children?.[0]
                  : undefined
                )?.offset ?? found.offset
              );
          }
          return tree.offset;
        })();
        assert.equal(positions.locate(segments, target), node, `${JSON.stringify(segments)} ${target}`);
      }
    }
  });
});

test('JSON positions: duplicate keys (the first), escaped keys, empty containers, nesting and white space', () => {
  const text =
    '\n  {"a": 1, "a": {"b": [ ], "c": {}},\r\n\t"k\\u0065y": [[1, [2, {"x": null}]], "s", true],\n "": {"\\"q\\"": -1.5e3}, ' +
    // Brackets and escaped quotes and backslashes in strings of a value skipped over.
    '"t": {"u": "a } ] \\\\", "w": "\\"}", "v": ["[{\\"", "\\\\\\"}"]}, "last": "v" }  ';
  const cases: Segment[][] = [
    [],
    ['a'],
    ['a', 'b'],
    ['a', 'b', 0],
    ['a', 'c'],
    ['a', 'c', 'z'],
    ['key'],
    ['key', 0],
    ['key', 0, 1, 1, 'x'],
    ['key', 2],
    ['key', 3],
    ['key', '0'],
    [''],
    ['', '"q"'],
    ['t', 'v', 1],
    ['last'],
    ['last', 'more'],
    ['missing'],
  ];
  // Twice: the second time, everything up to the last key has been scanned (the second "a" too).
  assertSame(text, [...cases, ...cases], 'handmade');
  assert.equal(new JsonPositions('   ').locate(['a'], 'value'), undefined);
});
