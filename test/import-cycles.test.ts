import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { ROOT } from './helpers.js';

/** The sources whose imports may not go round in a circle. */
const SOURCES = ['generator/**/*.ts', 'generator/**/*.tsx', 'templates/**/*.ts', 'templates/**/*.tsx'];

test('no module imports itself through others, type imports counted', async () => {
  // `transform: false` keeps `import type` edges: a circle of types still ties the modules' design together.
  const tree = await parseDependencyTree(SOURCES, { cwd: ROOT, context: ROOT, transform: false, tsconfig: undefined });
  const circles = parseCircular(tree).map((circle) => circle.join(' -> '));
  assert.deepEqual(circles, []);
});
