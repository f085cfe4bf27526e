import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { rememberPointerKeys } from '../generator/contracts/ref-parser-pointers.js';

const require = createRequire(import.meta.url);
const parserRequire = createRequire(require.resolve('@apidevtools/swagger-parser'));
const pointer = (
  parserRequire('@apidevtools/json-schema-ref-parser/dist/lib/pointer.js') as {
    default: { join: (base: string, tokens: unknown) => string };
  }
).default;

describe("swagger-parser's pointers, each key's text worked out once", () => {
  test('every pointer is the string the original builds, and what it throws on it still throws on', () => {
    const original = pointer.join;
    const cases: [string, unknown][] = [
      ['/a/b.json', 'paths'],
      ['/a/b.json#', '/repos/{owner}/{repo}'],
      ['/a/b.json#/paths', ['~1', 'a~b/c', '%20', 'é ü', '']],
      ['#/x', ['application/json', 'a#b', '0']],
    ];
    const before = cases.map(([base, tokens]) => original(base, tokens));
    rememberPointerKeys();
    assert.notEqual(pointer.join, original, 'the patch is in place');
    // Twice: the second time from what was remembered.
    for (let round = 0; round < 2; round++)
      assert.deepEqual(
        cases.map(([base, tokens]) => pointer.join(base, tokens)),
        before,
      );
    assert.throws(() => original('#', 5));
    assert.throws(() => pointer.join('#', 5));
  });
});
