import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  assertOneOutsideLine,
  assertRefused,
  at,
  CONFIG,
  contract,
  diagnosticLines,
  filesUnder,
  inProject,
  planted,
  write,
  type Planted,
} from './hostile-contracts-helpers.js';

/**
 * Contracts and config from a stranger's pull request: every `$ref` and every API `spec` that names
 * a file outside the project (the config's folder), written so or through a symlink, is one located
 * `path-outside-project` error and the file is never read.
 */

describe('a $ref outside the project is refused, located, and never read', () => {
  const cases: Array<{ name: string; ref: (place: Planted) => string; media?: (ref: string) => string }> = [
    { name: 'a relative path up and out', ref: () => '../../../secret.yaml#/Leak' },
    { name: 'an absolute path', ref: (place) => `${place.secret}#/Leak` },
    { name: 'percent-encoded dots', ref: () => '%2e%2e/%2e%2e/%2e%2e/secret.yaml#/Leak' },
    {
      name: 'an example value that is a $ref',
      ref: (place) => place.secret,
      media: (ref) => `schema:\n  type: object\nexample:\n  $ref: "${ref}"`,
    },
    {
      name: 'a named example that is a $ref',
      ref: () => '../../../secret.yaml#/x',
      media: (ref) => `schema:\n  type: object\nexamples:\n  leak:\n    $ref: "${ref}"`,
    },
    {
      name: 'an x- extension holding a $ref',
      ref: (place) => place.secret,
      media: (ref) => `schema:\n  type: object\n  x-leak:\n    nested:\n      - $ref: "${ref}"`,
    },
  ];
  for (const variant of cases) {
    test(variant.name, async () => {
      const place = await planted('ref');
      const ref = variant.ref(place);
      const text = contract(variant.media ? variant.media(ref) : `schema:\n  $ref: "${ref}"`);
      await write(join(place.project, 'site-config.yaml'), CONFIG);
      await write(join(place.project, 'openapi/pets/1.0.0.yaml'), text);
      for (const command of [['build'], ['validate'], ['types']]) {
        const run = await inProject(place.project, command);
        await assertRefused(run, place, `${variant.name}: ${command[0]}`);
        assertOneOutsideLine(run, 'openapi/pets/1.0.0.yaml', at(text, `"${ref}"`), ref);
      }
    });
  }

  test('a symlink inside the project to a file outside it', async () => {
    const place = await planted('symlink');
    await write(join(place.project, 'site-config.yaml'), CONFIG);
    await mkdir(join(place.project, 'shared'), { recursive: true });
    await symlink(place.secret, join(place.project, 'shared/pet.yaml'));
    const text = contract('schema:\n  $ref: "../../shared/pet.yaml#/Leak"');
    await write(join(place.project, 'openapi/pets/1.0.0.yaml'), text);
    const run = await inProject(place.project, ['build']);
    await assertRefused(run, place, 'symlinked file');
    assertOneOutsideLine(
      run,
      'openapi/pets/1.0.0.yaml',
      at(text, '"../../shared/pet.yaml#/Leak"'),
      '../../shared/pet.yaml#/Leak',
    );
  });

  test('a folder symlinked out of the project, reached through a file inside it', async () => {
    const place = await planted('symlink-folder');
    await write(join(place.project, 'site-config.yaml'), CONFIG);
    await mkdir(join(place.project, 'shared'), { recursive: true });
    await symlink(place.base, join(place.project, 'shared/elsewhere'));
    // The root refers to a file inside, which refers on through the symlinked folder: located in that file.
    const common = 'Pet:\n  $ref: "elsewhere/secret.yaml#/Leak"\n';
    await write(join(place.project, 'shared/common.yaml'), common);
    await write(
      join(place.project, 'openapi/pets/1.0.0.yaml'),
      contract('schema:\n  $ref: "../../shared/common.yaml#/Pet"'),
    );
    const run = await inProject(place.project, ['build']);
    await assertRefused(run, place, 'symlinked folder');
    assertOneOutsideLine(
      run,
      'shared/common.yaml',
      at(common, '"elsewhere/secret.yaml#/Leak"'),
      'elsewhere/secret.yaml#/Leak',
    );
  });

  test('a file: URL is not read either (ref-resolves, as every URL)', async () => {
    const place = await planted('file-url');
    const ref = `file://${place.secret}#/Leak`;
    const text = contract(`schema:\n  $ref: "${ref}"`);
    await write(join(place.project, 'site-config.yaml'), CONFIG);
    await write(join(place.project, 'openapi/pets/1.0.0.yaml'), text);
    const run = await inProject(place.project, ['build']);
    await assertRefused(run, place, 'file: URL');
    const lines = diagnosticLines(run);
    assert.equal(lines.length, 1, run.stdout);
    assert.ok(
      lines[0]?.startsWith(
        `openapi/pets/1.0.0.yaml:${at(text, `"${ref}"`)} error [ref-resolves] broken $ref: remote reference`,
      ),
      lines[0],
    );
  });

  test('a contract named on the command line: its $refs stay inside the working folder', async () => {
    const place = await planted('standalone');
    const text = contract('schema:\n  $ref: "../../secret.yaml#/Leak"');
    await write(join(place.project, 'api/openapi.yaml'), text);
    for (const command of [
      ['validate', 'api/openapi.yaml'],
      ['types', 'api/openapi.yaml'],
    ]) {
      const run = await inProject(place.project, command);
      await assertRefused(run, place, command.join(' '));
      assertOneOutsideLine(run, 'api/openapi.yaml', at(text, '"../../secret.yaml#/Leak"'), '../../secret.yaml#/Leak');
    }
  });

  test('refs that stay inside the project, a symlink among them, still build', async () => {
    const place = await planted('inside');
    await write(join(place.project, 'site-config.yaml'), CONFIG);
    await write(
      join(place.project, 'schemas/pet.yaml'),
      'Pet:\n  type: object\n  properties:\n    name: { type: string }\n',
    );
    await symlink(join(place.project, 'schemas/pet.yaml'), join(place.project, 'schemas/pet-link.yaml'));
    await write(join(place.project, 'examples/pet.json'), '{ "name": "Rex" }\n');
    const components = 'components:\n  schemas:\n    Local:\n      type: string\n';
    await write(
      join(place.project, 'openapi/pets/1.0.0.yaml'),
      contract(
        'schema:\n  $ref: "../../schemas/pet-link.yaml#/Pet"\nexamples:\n  rex:\n    value:\n      $ref: "../../examples/pet.json"',
      ) + components,
    );
    const run = await inProject(place.project, ['build']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(await readFile(join(place.project, 'out/types/pets.d.ts'), 'utf8'), /name\?: string/);
    // Bundling the files for the type generator leaves the contract as written: one JSON Schema, for its one component.
    assert.deepEqual(await readdir(join(place.project, 'out/schemas/pets')), ['Local.json']);
  });

  test('an externalValue is shown as a link, never read', async () => {
    const place = await planted('external-value');
    await write(join(place.project, 'site-config.yaml'), CONFIG);
    await write(
      join(place.project, 'openapi/pets/1.0.0.yaml'),
      contract(
        `schema:\n  type: object\nexamples:\n  far:\n    externalValue: "${place.secret}"\n  up:\n    externalValue: "../../../secret.yaml"`,
      ),
    );
    const run = await inProject(place.project, ['build']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    for (const [path, text] of await filesUnder(place.project))
      assert.ok(!text.includes(place.marker), `the secret reached ${path}`);
  });
});

describe("an API's spec outside the project is refused, located at apis[i].spec", () => {
  const configLine = (spec: string): string =>
    `title: Hostile\nurl: https://docs.example\napis:\n  - id: pets\n    spec: "${spec}"\n`;

  async function assertSpecRefused(place: Planted, spec: string, asWritten: string): Promise<void> {
    const config = configLine(spec);
    await write(join(place.project, 'site-config.yaml'), config);
    for (const command of [['build'], ['validate'], ['types'], ['diff', '--service', 'pets']]) {
      const run = await inProject(place.project, command);
      await assertRefused(run, place, `${spec}: ${command[0]}`);
      const lines = diagnosticLines(run);
      assert.equal(lines.length, 1, run.stdout);
      assert.ok(
        lines[0]?.startsWith(
          `site-config.yaml:${at(config, `"${spec}"`)} error [path-outside-project] API "pets": spec "${asWritten}" is outside the project`,
        ),
        lines[0],
      );
    }
  }

  test('a spec path up and out of the project', async () => {
    const place = await planted('spec-up');
    await assertSpecRefused(place, '../secret.yaml', '../secret.yaml');
  });

  test('an absolute spec path', async () => {
    const place = await planted('spec-absolute');
    await assertSpecRefused(place, place.secret, place.secret);
  });

  test('a spec file that is a symlink to a file outside', async () => {
    const place = await planted('spec-symlink');
    await mkdir(join(place.project, 'openapi'), { recursive: true });
    await symlink(place.secret, join(place.project, 'openapi/pets.yaml'));
    await assertSpecRefused(place, 'openapi/pets.yaml', 'openapi/pets.yaml');
  });

  test('a spec folder that is a symlink to a folder outside', async () => {
    const place = await planted('spec-folder-symlink');
    const outside = join(place.base, 'versions');
    await write(join(outside, '1.0.0.yaml'), contract(`schema:\n  type: string\n  description: ${place.marker}`));
    await mkdir(join(place.project, 'openapi'), { recursive: true });
    await symlink(outside, join(place.project, 'openapi/pets'));
    await assertSpecRefused(place, 'openapi/pets/', 'openapi/pets/');
  });

  test('a file of a spec folder that is a symlink to a file outside', async () => {
    const place = await planted('spec-folder-file');
    const outside = join(place.base, 'elsewhere.yaml');
    await writeFile(outside, contract(`schema:\n  type: string\n  description: ${place.marker}`));
    await mkdir(join(place.project, 'openapi/pets'), { recursive: true });
    await symlink(outside, join(place.project, 'openapi/pets/1.0.0.yaml'));
    await assertSpecRefused(place, 'openapi/pets/', 'openapi/pets/1.0.0.yaml');
  });
});
