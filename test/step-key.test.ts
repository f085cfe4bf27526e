import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BuildCache } from '../generator/cache/store.js';
import { canonicalJson, stepKey } from '../generator/cache/step-key.js';

describe('stepKey', () => {
  const cache = BuildCache.disabled();

  test('a key depends on its inputs, not on the order a step lists them in', () => {
    const a = stepKey(cache, 'page', { text: 'body', baseUrl: '/', toc: { minHeadingLevel: 2, maxHeadingLevel: 3 } });
    const b = stepKey(cache, 'page', { toc: { maxHeadingLevel: 3, minHeadingLevel: 2 }, baseUrl: '/', text: 'body' });
    assert.equal(a, b);
    assert.notEqual(
      a,
      stepKey(cache, 'page', { text: 'body', baseUrl: '/kb/', toc: { minHeadingLevel: 2, maxHeadingLevel: 3 } }),
    );
    assert.notEqual(
      a,
      stepKey(cache, 'html', { text: 'body', baseUrl: '/', toc: { minHeadingLevel: 2, maxHeadingLevel: 3 } }),
    );
  });

  test('names, values and their kinds stay apart', () => {
    const keys = [
      stepKey(cache, 'page', { a: 'bc' }),
      stepKey(cache, 'page', { ab: 'c' }),
      stepKey(cache, 'page', { a: '1' }),
      stepKey(cache, 'page', { a: 1 }),
      stepKey(cache, 'page', { a: new TextEncoder().encode('1') }),
      stepKey(cache, 'page', { a: undefined }),
      stepKey(cache, 'page', { a: '' }),
      stepKey(cache, 'page', { a: ['x', 'y'] }),
      stepKey(cache, 'page', { a: ['x,y'] }),
      stepKey(cache, 'page', {}),
    ];
    assert.equal(new Set(keys).size, keys.length);
  });

  test('canonical JSON sorts every object, at any depth', () => {
    assert.equal(
      canonicalJson({ b: 1, a: { d: [{ f: 1, e: 2 }], c: null } }),
      '{"a":{"c":null,"d":[{"e":2,"f":1}]},"b":1}',
    );
  });
});
