import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { types } from '../generator/commands/types.js';
import { runCli, tempDir } from './helpers.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;
const SERVICES = ['searcher', 'rag', 'datasource', 'tenant-manager', 'file-manager', 'ingestion'];

describe('entity JSON Schemas (out/schemas)', () => {
  let out = '';
  before(async () => {
    out = join(await tempDir('schemas'), 'out');
    assert.equal((await runCli(['types', '--out', out])).code, 0);
  });

  /** Every schema of a service in one Ajv, loaded by `$id`, so relative `$ref`s must resolve for compile to succeed. */
  async function serviceAjv(service: string): Promise<{ ajv: Ajv2020; ids: Map<string, string> }> {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const ids = new Map<string, string>();
    for (const file of (await readdir(join(out, 'schemas', service))).sort()) {
      const schema = JSON.parse(await readFile(join(out, 'schemas', service, file), 'utf8')) as {
        $id: string;
        $schema: string;
      };
      assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
      assert.equal(schema.$id, `https://www.openk9.io/schemas/${service}/${file}`);
      ajv.addSchema(schema);
      ids.set(file.replace(/\.json$/, ''), schema.$id);
    }
    return { ajv, ids };
  }

  test('every schema of every service compiles with its references resolved', async () => {
    for (const service of SERVICES.filter((s) => s !== 'file-manager')) {
      const { ajv, ids } = await serviceAjv(service);
      assert.ok(ids.size > 0, service);
      for (const id of ids.values()) assert.equal(typeof ajv.getSchema(id), 'function', id);
    }
  });

  test('BucketDTO accepts a complete body and rejects a missing required field and a wrong enum value', async () => {
    const { ajv, ids } = await serviceAjv('datasource');
    const validate = ajv.getSchema(ids.get('BucketDTO') as string);
    assert.ok(validate);
    const body = {
      name: 'wiki',
      refreshOnSuggestionCategory: false,
      refreshOnTab: false,
      refreshOnDate: false,
      refreshOnQuery: true,
      retrieveType: 'HYBRID',
    };
    assert.equal(validate(body), true, JSON.stringify(validate.errors));
    const { retrieveType: _, ...missing } = body;
    assert.equal(validate(missing), false);
    assert.equal(validate({ ...body, retrieveType: 'FUZZY' }), false);
    assert.equal(validate({ ...body, name: '' }), false);
  });

  test('a recursive entity (DocTypeField.children) validates nested instances', async () => {
    const { ajv, ids } = await serviceAjv('datasource');
    const validate = ajv.getSchema(ids.get('DocTypeField') as string);
    assert.ok(validate);
    const leaf = {
      name: 'keyword',
      fieldName: 'title.keyword',
      searchable: false,
      sortable: true,
      fieldType: 'keyword',
    };
    assert.equal(
      validate({
        name: 'title',
        fieldName: 'title',
        searchable: true,
        sortable: false,
        fieldType: 'text',
        children: [leaf],
      }),
      true,
      JSON.stringify(validate.errors),
    );
    assert.equal(
      validate({
        name: 'title',
        fieldName: 'title',
        searchable: true,
        sortable: false,
        fieldType: 'text',
        children: [{ ...leaf, searchable: 'yes' }],
      }),
      false,
    );
  });

  test('EnrichItemDTO enforces requestTimeout >= 1000', async () => {
    const { ajv, ids } = await serviceAjv('datasource');
    const validate = ajv.getSchema(ids.get('EnrichItemDTO') as string);
    assert.ok(validate);
    const item = {
      name: 'ner',
      type: 'HTTP_SYNC',
      serviceName: 'ner-service',
      jsonPath: '$',
      behaviorMergeType: 'MERGE',
      requestTimeout: 1000,
      behaviorOnError: 'SKIP',
    };
    assert.equal(validate(item), true, JSON.stringify(validate.errors));
    assert.equal(validate({ ...item, requestTimeout: 999 }), false);
  });
});

test('an OpenAPI 3.0 nullable enum keeps null in its JSON Schema: null is accepted, other values are not', async () => {
  const dir = await tempDir('schemas-nullable');
  const spec = join(dir, 'api.yaml');
  await writeFile(
    spec,
    [
      'openapi: 3.0.3',
      'info: { title: Nullable, version: 1.0.0 }',
      'paths: {}',
      'components:',
      '  schemas:',
      '    Status: { type: string, enum: [open, shut], nullable: true }',
      '    Plain: { type: string, enum: [open, shut] }',
      '',
    ].join('\n'),
  );
  const out = join(dir, 'out');
  const typed = await types([spec], { config: 'unused', out });
  assert.deepEqual(
    typed.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const schema = async (name: string): Promise<Record<string, unknown>> => {
    const file = typed.written.find((f) => f.startsWith('schemas/') && f.endsWith(`/${name}.json`));
    assert.ok(file, `${name}: ${typed.written.join(', ')}`);
    return JSON.parse(await readFile(join(out, file), 'utf8')) as Record<string, unknown>;
  };
  const ajv = new Ajv2020({ strict: false });
  const status = ajv.compile(await schema('Status'));
  assert.deepEqual(
    [null, 'open', 'shut', 'other', 1].map((value) => status(value)),
    [true, true, true, false, false],
  );
  const plain = ajv.compile(await schema('Plain'));
  assert.equal(plain(null), false, 'without nullable, null is refused');
  assert.equal(plain('open'), true);
});
