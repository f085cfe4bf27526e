import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openApi3View } from '../generator/contracts/openapi3-view.js';
import { validateContract } from '../generator/contracts/validate.js';
import { versionName } from '../generator/contracts/version-name.js';

const SWAGGER2 = 'test/fixtures/contracts/swagger2-required/openapi.yaml';

test('a Swagger 2.0 contract is converted once for the reference and the types', async () => {
  const { contract } = await validateContract(SWAGGER2);
  assert.ok(contract);
  const view = openApi3View(contract);
  assert.equal(openApi3View(contract), view);
  const reference = await view.reference();
  assert.equal(await view.types(), reference);
  assert.match(String(reference.openapi), /^3\.0\./);
  // The conversion works on a copy: the contract as written stays 2.0, for download and for the checks.
  assert.equal((await view.written()).swagger, '2.0');
  assert.equal(contract.document.swagger, '2.0');
});

test('a version is named by its folder, else info.version, else the caller’s fallback', () => {
  const named = { path: '/specs/v2.1.0.yaml', document: { info: { version: '2.0.0' } } };
  const empty = { path: '/specs/v2.1.0.yaml', document: { info: { version: '' } } };
  const none = { path: '/specs/draft.yaml', document: {} };
  assert.equal(versionName(named, '3.0.0', { word: 'current' }), '3.0.0');
  assert.equal(versionName(named, undefined, { word: 'current' }), '2.0.0');
  assert.equal(versionName(none, undefined, { word: 'current' }), 'current');
  assert.equal(versionName(none, undefined, { word: '0.0.0' }), '0.0.0');
  assert.equal(versionName(empty, undefined, { word: '0.0.0' }), '');
  assert.equal(versionName(empty, undefined, 'file name'), '2.1.0');
  assert.equal(versionName(none, undefined, 'file name'), 'draft');
});
