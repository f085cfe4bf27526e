import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { validateContract } from '../generator/contracts/validate.js';
import { validationKey } from '../generator/contracts/validation-key.js';
import { tempDir } from './helpers.js';

describe('schemas that differ only in annotations share a validator', () => {
  test('the key leaves out annotations at every level, and nothing else', () => {
    const plain = {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } },
      allOf: [{ minProperties: 1 }],
    };
    const annotated = {
      title: 'Thing',
      description: 'A thing',
      type: 'object',
      required: ['id'],
      'x-internal': true,
      properties: {
        id: { type: 'integer', description: 'Its id', example: 7, readOnly: true },
        tags: { type: 'array', default: [], items: { type: 'string', examples: ['a'], deprecated: true } },
      },
      allOf: [{ minProperties: 1, $comment: 'why' }],
    };
    assert.equal(validationKey(annotated), validationKey(plain));
    // Properties named like annotations are data, not annotations.
    const named = { type: 'object', properties: { description: { type: 'string' }, default: { type: 'boolean' } } };
    assert.equal(
      validationKey(named),
      '{"type":"object","properties":{"description":{"type":"string"},"default":{"type":"boolean"}}}',
    );
    // Order is kept: it is the order errors are reported in.
    assert.notEqual(
      validationKey({ required: ['a'], type: 'object' }),
      validationKey({ type: 'object', required: ['a'] }),
    );
    assert.notEqual(validationKey({ type: 'string', enum: ['a'] }), validationKey({ type: 'string', enum: ['b'] }));
  });

  test('every example is still judged against its own schema', async () => {
    const dir = await tempDir('example-validators');
    const file = join(dir, 'api.yaml');
    await writeFile(
      file,
      [
        'openapi: 3.0.3',
        'info: { title: Shared validators, version: 1.0.0 }',
        'paths: {}',
        'components:',
        '  schemas:',
        '    A:',
        '      description: first',
        '      type: object',
        '      properties: { n: { type: integer } }',
        '      example: { n: nope }',
        '    B:',
        '      description: second',
        '      type: object',
        '      properties: { n: { type: integer } }',
        '      example: { n: 1 }',
        '    C:',
        '      type: object',
        '      properties: { description: { type: integer } }',
        '      example: { description: text }',
        // Would share C's validator if properties named like annotations were left out.
        '    D:',
        '      type: object',
        '      properties: {}',
        '      example: { description: text }',
        '',
      ].join('\n'),
    );
    const { diagnostics } = await validateContract(file);
    assert.deepEqual(
      diagnostics.filter((d) => d.rule === 'example-valid').map((d) => `${d.line} ${d.message}`),
      [
        '10 example does not match its schema (/components/schemas/A): `n` must be integer',
        '19 example does not match its schema (/components/schemas/C): `description` must be integer',
      ],
    );
  });

  test('in a document whose schemas set $id, the same text may refer to other schemas, so nothing is shared', async () => {
    const dir = await tempDir('example-validators');
    const file = join(dir, 'api.yaml');
    const part = (name: string, type: string) => [
      `    ${name}:`,
      `      $id: https://example.test/${name}/root`,
      '      $defs:',
      `        item: { $id: https://example.test/${name}/item, type: ${type} }`,
      '      type: object',
      '      properties:',
      "        v: { $ref: 'item', examples: [text] }",
    ];
    await writeFile(
      file,
      [
        'openapi: 3.1.0',
        'info: { title: Scoped, version: 1.0.0 }',
        'paths: {}',
        'components:',
        '  schemas:',
        ...part('one', 'string'),
        ...part('two', 'integer'),
        '',
      ].join('\n'),
    );
    const { diagnostics } = await validateContract(file);
    assert.deepEqual(
      diagnostics.filter((d) => d.rule === 'example-valid').map((d) => d.message),
      ['example does not match its schema (/components/schemas/two/properties/v): the value must be integer'],
    );
  });
});
