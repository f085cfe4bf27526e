import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, runBin } from './helpers.js';

/** The folders `npm run format` formats; the config and ignore list are `.prettierrc.json` and `.prettierignore`. */
const FORMATTED = ['generator', 'templates', 'scripts', 'test', 'bin'];

test('the code is formatted as `npm run format` leaves it', async () => {
  const run = await runBin(join(ROOT, 'node_modules/prettier/bin/prettier.cjs'), ['--check', ...FORMATTED], ROOT);
  assert.equal(run.code, 0, `run \`npm run format\`:\n${run.stdout}${run.stderr}`);
});
