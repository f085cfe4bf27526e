import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
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

  // The package's README says where each renamed schema went, and only those.
  const readme = await readFile(join(out, 'types/README.md'), 'utf8');
  for (const [schema, name] of [
    ['simple-user', 'SimpleUser2'],
    ['apps.secret', 'AppsSecret'],
    ['delete', 'Delete'],
    ['2fa', '_2fa'],
  ])
    assert.ok(readme.includes(`| \`api-types/awkward-names\` | \`${schema}\` | \`${name}\` |`), `${schema} → ${name}`);
  assert.doesNotMatch(readme, /\| `SimpleUser` \|/);
});

// Values no JSON payload can hold (YAML's `.nan`, `.inf`, `1e999`) in `enum` and `const`, which the type
// generator prints as the values `NaN` and `-Infinity`, and schema names with quotes, backslashes and line
// breaks, which it writes unescaped: the package still compiles, and names outside ASCII are kept.
test('odd values and names give a package that compiles', async () => {
  const out = join(await tempDir('type-values'), 'out');
  const run = await runCli(['types', '--no-cache', '--out', out, 'test/fixtures/types/odd-values.yaml']);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const declarations = await readFile(join(out, 'types/odd-values.d.ts'), 'utf8');
  assert.match(declarations, /\nexport type ItS = components\['schemas'\]\['it\\'s'\];/);
  assert.match(declarations, /\nexport type Größe = components\['schemas'\]\['Größe'\];/);
  const project = await consumerProject(out, 'odd-values.ts');
  const checked = await runBin(TSC, ['-p', 'tsconfig.json'], project);
  assert.equal(checked.code, 0, `tsc failed:\n${checked.stdout}${checked.stderr}`);
});
