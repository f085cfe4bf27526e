import assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { validate } from '../generator/commands/validate.js';
import type { Diagnostic } from '../generator/diagnostics/diagnostic.js';
import { tempDir } from './helpers.js';

/** Documents the OpenAPI specification and its official JSON Schemas accept; each was once rejected or warned about. */
const VALID = 'test/fixtures/contracts-valid';

async function diagnosticsOf(path: string): Promise<Diagnostic[]> {
  return (await validate([path], { config: 'unused' })).diagnostics;
}

/** A copy of a valid fixture with one edit to one of its files, to check that the genuine problem is still found. */
async function edited(fixture: string, file: string, from: string, to: string): Promise<string> {
  const dir = join(await tempDir('spec-agreement'), fixture);
  cpSync(join(VALID, fixture), dir, { recursive: true });
  const text = readFileSync(join(dir, file), 'utf8');
  assert.ok(text.includes(from), `${fixture}/${file} has ${from}`);
  writeFileSync(join(dir, file), text.replace(from, to));
  return dir;
}

const lines = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => `${d.file.split('/').pop()}:${d.line}:${d.column} ${d.severity} [${d.rule}] ${d.message}`);

describe('documents the official schemas accept validate cleanly (test/fixtures/contracts-valid)', () => {
  for (const name of readdirSync(VALID).sort()) {
    test(name, async () => {
      assert.deepEqual(lines(await diagnosticsOf(join(VALID, name, 'openapi.yaml'))), []);
    });
  }
});

describe('the genuine problem beside each is still found, once, where it is written', () => {
  test('an unknown field of a Link Object named by two links', async () => {
    const dir = await edited('link-server-31', 'openapi.yaml', '      server:\n', '      servers:\n');
    const found = lines(await diagnosticsOf(join(dir, 'openapi.yaml')));
    assert.deepEqual(found, [
      'openapi.yaml:80:7 error [oas-schema] unknown field "servers" in `components.links.ThingLink` (only the fields of the OpenAPI specification and `x-` extensions are allowed here)',
    ]);
  });

  test('an unknown field of a parameter that a Reference Object with a summary names is reported at the parameter', async () => {
    const dir = await edited(
      'link-server-31',
      'openapi.yaml',
      '      style: form\n',
      '      style: form\n      title: x\n',
    );
    const found = lines(await diagnosticsOf(join(dir, 'openapi.yaml')));
    assert.deepEqual(found, [
      'openapi.yaml:100:7 error [oas-schema] unknown field "title" in `components.parameters.biscuit` (only the fields of the OpenAPI specification and `x-` extensions are allowed here)',
    ]);
  });

  test('a 3.1 Reference Object whose summary is no string is reported at the reference', async () => {
    const dir = await edited(
      'link-server-31',
      'openapi.yaml',
      '          summary: The maximum number of things to return\n',
      '          summary: 5\n',
    );
    const found = lines(await diagnosticsOf(join(dir, 'openapi.yaml')));
    assert.deepEqual(found, ['openapi.yaml:19:20 error [oas-schema] `summary` beside a `$ref` must be a string']);
  });

  test('a Swagger 2.0 required property that no allOf branch defines, across files (a warning, as in 3.x)', async () => {
    const dir = await edited('swagger2-allof-required', 'definitions.yaml', '    name:', '    nickname:');
    const found = lines(await diagnosticsOf(join(dir, 'openapi.yaml')));
    assert.deepEqual(found, [
      'openapi.yaml:20:13 warning [required-property-defined] property "name" is listed as required but is not defined in `properties`',
    ]);
  });

  test('a 3.0 required property that neither a sibling branch nor the composing schema defines', async () => {
    const dir = await edited(
      'allof-required-30',
      'openapi.yaml',
      'required: [name, kind, age]',
      'required: [name, kind, age, colour]',
    );
    const found = lines(await diagnosticsOf(join(dir, 'openapi.yaml')));
    assert.deepEqual(found, [
      'openapi.yaml:26:39 warning [required-property-defined] property "colour" is listed as required but is not defined in `properties`',
    ]);
  });

  test('a branch shared by two schemas does not borrow the properties of the other one', async () => {
    const dir = await tempDir('spec-agreement');
    const spec = join(dir, 'openapi.yaml');
    const schemas = {
      Base: { type: 'object', properties: { id: { type: 'string' } } },
      Cat: { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { colour: { type: 'string' } } }] },
      Dog: { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { bark: {} }, required: ['id', 'colour'] }] },
    };
    const document = { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: {}, components: { schemas } };
    writeFileSync(spec, JSON.stringify(document, null, 2));
    const found = (await diagnosticsOf(spec)).map((d) => `${d.rule} ${d.message} ${d.pointer ?? ''}`);
    assert.deepEqual(found, [
      'required-property-defined property "colour" is listed as required but is not defined in `properties` /components/schemas/Dog/allOf/1/required/1',
    ]);
  });

  test("a Swagger 2.0 required parameter's default that is not of its type", async () => {
    const dir = await edited('swagger2-required-parameter', 'openapi.yaml', 'default: 5', 'default: many');
    const found = lines(await diagnosticsOf(join(dir, 'openapi.yaml')));
    assert.deepEqual(found, [
      'openapi.yaml:14:20 warning [example-valid] default does not match its schema (/paths/~1items/get/parameters/0): the value must be integer',
    ]);
  });

  test('a schema that cannot be compiled is described with its values, never [object Object]', async () => {
    const dir = await edited(
      'parameter-named-type',
      'parameters.yaml',
      '    type: string\n',
      '    type: {name: string}\n',
    );
    const found = lines(await diagnosticsOf(join(dir, 'openapi.yaml')));
    assert.ok(found.length > 0);
    for (const line of found) assert.doesNotMatch(line, /\[object /, line);
    assert.ok(
      found.some((l) => l.includes('parameters.yaml:6:11 error [oas-schema]')),
      found.join('\n'),
    );
  });
});
