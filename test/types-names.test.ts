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

// A contract whose types would not compile as openapi-typescript writes them (an enum of YAML's `1e999`,
// which it prints as the value `Infinity`): `types` compiles what it would write and refuses it, located.
test('a package that does not compile is refused, located at the schema, and nothing is written', async () => {
  const dir = await tempDir('type-check');
  const out = join(dir, 'out');
  const refused = await runCli(['types', '--no-cache', '--out', out, 'test/fixtures/types/infinite-enum.yaml']);
  assert.equal(refused.code, 1, refused.stdout + refused.stderr);
  assert.match(
    refused.stdout + refused.stderr,
    /^test\/fixtures\/types\/infinite-enum\.yaml:7:7 error \[types-generation\] the types generated for this contract do not compile, so the types package has no "infinite-enum" entry: .*TS2749.*\(at #\/components\/schemas\/Big\)$/m,
  );
  assert.equal(existsSync(out), false);

  // Accepted without it, the package leaves the service out, and what is written compiles.
  const relaxed = await runCli([
    'types',
    '--no-cache',
    '--out',
    out,
    '--rule',
    'types-generation=warning',
    'test/fixtures/types/infinite-enum.yaml',
    'test/fixtures/types/awkward-names.yaml',
  ]);
  assert.equal(relaxed.code, 0, relaxed.stdout + relaxed.stderr);
  assert.equal(existsSync(join(out, 'types/infinite-enum.d.ts')), false);
  assert.doesNotMatch(await readFile(join(out, 'types/index.d.ts'), 'utf8'), /infinite/);
  const project = await consumerProject(out, 'awkward-names.ts');
  const checked = await runBin(TSC, ['-p', 'tsconfig.json'], project);
  assert.equal(checked.code, 0, `tsc failed:\n${checked.stdout}${checked.stderr}`);
});
