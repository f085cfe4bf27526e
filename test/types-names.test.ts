import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { consumerProject } from './consumer-project.js';
import { ROOT, runBin, runCli, tempDir } from './helpers.js';

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

// Schema names that are not TypeScript names as written (`simple-user`, `apps.secret`, `delete`, `2fa`,
// `string`), or that another export already has (`components`, and `SimpleUser` beside `simple-user`).
test('schemas whose names are not TypeScript names are exported under PascalCase names that compile', async () => {
  const out = join(await tempDir('type-names'), 'out');
  const run = await runCli(['types', '--no-cache', '--out', out, 'test/fixtures/types/awkward-names.yaml']);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const declarations = await readFile(join(out, 'types/awkward-names.d.ts'), 'utf8');
  assert.match(
    declarations,
    /\/\*\* The schema "simple-user": [^\n]*\*\/\nexport type SimpleUser2 = components\['schemas'\]\['simple-user'\];/,
  );
  // Names that work as written keep them.
  assert.match(declarations, /\nexport type SimpleUser = components\['schemas'\]\['SimpleUser'\];/);

  const dir = await consumerProject(out, 'awkward-names.ts');
  const checked = await runBin(TSC, ['-p', 'tsconfig.json'], dir);
  assert.equal(checked.code, 0, `tsc failed:\n${checked.stdout}${checked.stderr}`);
});
