import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { rememberRefParts, type RefHelpers } from '../generator/types/create-ref.js';

/** openapi-typescript's own `createRef`, from a module object of its own (the build's is patched). */
function originalCreateRef(): RefHelpers['createRef'] {
  const require = createRequire(import.meta.url);
  const path = require.resolve('openapi-typescript/dist/lib/utils.cjs');
  const saved = require.cache[path];
  delete require.cache[path];
  try {
    return (require(path) as RefHelpers).createRef;
  } finally {
    if (saved) require.cache[path] = saved;
  }
}

const PARTS: unknown[][] = [
  ['components', 'schemas', 'simple-user'],
  ['#/components/schemas/simple-user', 'properties', 'login'],
  ['#/paths/~1repos~1{owner}~1{repo}', 'get'],
  ['#/components/schemas/a~1b', 'a/b', 'c~d', '', undefined, null],
  ['#/paths/~1repos~1{owner}~1{repo}', 'post', 'requestBody'],
  ['#/components/schemas/simple-user', 'properties', 'id'],
  // A path that begins as another does: each part is its own.
  ['#/components/schemas/simple-user-plus', 'properties', 'id'],
  ['file.yaml#/components/schemas/x', 'allOf', '0'],
  ['plain key', '#', '#/', 'x#/y/z'],
];

test('the remembered createRef gives what openapi-typescript gives, part after part, the same again', () => {
  const original = originalCreateRef();
  const helpers: RefHelpers = { createRef: original };
  rememberRefParts(helpers);
  assert.notEqual(helpers.createRef, original);
  for (const round of [1, 2])
    for (const parts of PARTS)
      assert.equal(helpers.createRef(parts), original(parts), `${JSON.stringify(parts)} (${round})`);
});

test('a part that makes createRef throw (a broken percent escape) throws again, every time', () => {
  const original = originalCreateRef();
  const helpers: RefHelpers = { createRef: original };
  rememberRefParts(helpers);
  const parts = ['#/components/schemas/a', '#/x/100%'];
  assert.throws(() => original(parts), URIError);
  assert.throws(() => helpers.createRef(parts), URIError);
  assert.throws(() => helpers.createRef(parts), URIError);
});

test('patching twice wraps once', () => {
  const helpers: RefHelpers = { createRef: originalCreateRef() };
  rememberRefParts(helpers);
  const once = helpers.createRef;
  rememberRefParts(helpers);
  assert.equal(helpers.createRef, once);
});
