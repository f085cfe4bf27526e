import assert from 'node:assert/strict';
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
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

  const dir = await tempDir('type-names-consumer');
  await mkdir(join(dir, 'node_modules'), { recursive: true });
  await symlink(join(out, 'types'), join(dir, 'node_modules/api-types'), 'dir');
  await cp(join(ROOT, 'test/consumer/awkward-names.ts'), join(dir, 'consumer.ts'));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const compilerOptions = {
    strict: true,
    noEmit: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    skipLibCheck: false,
    types: [],
  };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['consumer.ts'] }));
  const checked = await runBin(TSC, ['-p', 'tsconfig.json'], dir);
  assert.equal(checked.code, 0, `tsc failed:\n${checked.stdout}${checked.stderr}`);
});
