import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ExampleValidators } from '../generator/render/api/example-ajv.js';
import { CertainValidity } from '../generator/contracts/certain-validity.js';
import { toJsonSchemaKeywords } from '../generator/contracts/json-schema-dialect.js';
import { repairSample } from '../generator/render/api/example-repair.js';
import { UnrepairableSamples } from '../generator/render/api/example-unrepairable.js';
import type { Direction } from '../generator/render/api/generated-example.js';
import { RefResolver } from '../generator/render/api/resolver.js';

const owner = {
  type: 'object',
  required: ['login', 'id'],
  properties: { login: { type: 'string' }, id: { type: 'integer' } },
};
const repository = {
  type: 'object',
  required: ['name', 'owner'],
  properties: { name: { type: 'string' }, owner: { $ref: '#/components/schemas/Owner' }, topics: { type: 'array' } },
};
const payload = {
  type: 'object',
  required: ['action', 'repository'],
  properties: { action: { type: 'string' }, repository: { $ref: '#/components/schemas/Repository' } },
};

function resolverWith(schemas: Record<string, unknown>, openapi = '3.0.3'): RefResolver {
  return new RefResolver({ openapi, info: { title: 't', version: '1' }, paths: {}, components: { schemas } });
}

/** What the check says, and what the repair itself gives: the check may say "unrepairable" only when the repair fails. */
function judged(
  schema: Record<string, unknown>,
  sample: unknown,
  direction: Direction = 'response',
  openapi = '3.0.3',
) {
  const resolver = resolverWith({ Owner: owner, Repository: repository, Payload: payload }, openapi);
  const version = openapi.startsWith('3.1') ? '3.1' : '3.0';
  const validators = new ExampleValidators(resolver, version);
  const certain = new CertainValidity(
    (keyword) => validators.knows(keyword),
    (node) => toJsonSchemaKeywords(node, version),
  );
  const { lacks, least } = new UnrepairableSamples(resolver, version, certain).kept(sample, schema, direction);
  const validate = validators.get(schema, direction);
  assert.ok(validate, 'the schema compiles');
  const repaired = repairSample(sample, validate);
  if (lacks) assert.equal(repaired, undefined, 'said unrepairable, but the repair found a valid value');
  if (repaired !== undefined) {
    const printed = JSON.stringify(repaired, null, 2).length;
    assert.ok(printed >= least, `said at least ${least} characters, but the repair printed ${printed}`);
  }
  return { lacks, repaired, least };
}

const ref = { $ref: '#/components/schemas/Payload' };

describe('samples no repair can make valid are told before repairing', () => {
  test('a required object cut short (a shallow sample) lacks what it requires: unrepairable', () => {
    const shallow = { action: 'opened', repository: { name: 'r', owner: {}, topics: [] } };
    assert.equal(judged(ref, shallow).lacks, true);
    assert.equal(judged(ref, { action: 'opened' }).lacks, true);
    assert.equal(judged(ref, { action: 'opened', repository: 'r' }).lacks, true);
  });

  test('a complete sample, or one whose only faults repair can fix, is repaired as before', () => {
    const whole = { action: 'opened', repository: { name: 'r', owner: { login: 'o', id: 'x' } } };
    const { lacks, repaired } = judged(ref, whole);
    assert.equal(lacks, false);
    assert.deepEqual(repaired, { action: 'opened', repository: { name: 'r', owner: { login: 'o', id: 0 } } });
  });

  test('an optional or nullable object may be dropped or replaced: nothing is claimed', () => {
    const optional = { type: 'object', properties: { repository: { $ref: '#/components/schemas/Repository' } } };
    assert.equal(judged(optional, { repository: { name: 'r', owner: {} } }).lacks, false);
    const nullable = {
      type: 'object',
      required: ['repository'],
      properties: { repository: { type: 'object', nullable: true, required: ['name'], properties: {} } },
    };
    assert.equal(judged(nullable, { repository: {} }).lacks, false);
  });

  test('an enum or const of objects may replace the sample whole: nothing is claimed', () => {
    const listed = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' } },
      enum: [{ name: 'listed' }],
    };
    const { lacks, repaired } = judged(listed, {});
    assert.equal(lacks, false);
    assert.deepEqual(repaired, { name: 'listed' });
    const fixed = { type: 'object', required: ['name'], const: { name: 'fixed' } };
    assert.deepEqual(judged(fixed, {}).repaired, { name: 'fixed' });
  });

  test('choices, conditions and $ref siblings end the walk', () => {
    const choice = { type: 'object', required: ['a'], oneOf: [{ required: ['a'] }, { required: ['b'] }] };
    assert.equal(judged(choice, {}).lacks, false);
    const sibling = {
      type: 'object',
      required: ['r'],
      properties: { r: { $ref: '#/components/schemas/Owner', enum: [{ login: 'l', id: 1 }] } },
    };
    assert.deepEqual(judged(sibling, { r: {} }).repaired, { r: { login: 'l', id: 1 } });
  });

  test('a name the validator does not require in this direction is not counted', () => {
    const user = {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } },
    };
    assert.equal(judged(user, { name: 'n' }, 'request').lacks, false);
    assert.equal(judged(user, { name: 'n' }, 'response').lacks, true);
  });

  test('allOf branches all hold: a name one of them requires counts', () => {
    const both = { allOf: [{ $ref: '#/components/schemas/Owner' }, { type: 'object', required: ['extra'] }] };
    assert.equal(judged(both, { login: 'o', id: 1 }).lacks, true);
    assert.equal(judged(both, { login: 'o', id: 1, extra: 'e' }).lacks, false);
  });

  test('3.1 type lists: an object that may be null claims nothing', () => {
    const maybe = { type: ['object', 'null'], required: ['a'] };
    assert.equal(judged(maybe, {}, 'response', '3.1.0').lacks, false);
  });

  test('what a repair keeps: certainly valid values and required names; a value it may fix or drop counts nothing', () => {
    const whole = { action: 'opened', repository: { name: 'r', owner: { login: 'o', id: 1 }, topics: ['a'] } };
    const { least, repaired } = judged(ref, whole);
    // Nothing to repair: the least is the example itself.
    assert.equal(least, JSON.stringify(repaired, null, 2).length);
    const faulty = { action: 'opened', repository: { name: 'r', owner: { login: 'o', id: 'x' }, topics: 'no list' } };
    const fixed = judged(ref, faulty);
    assert.deepEqual(fixed.repaired, { action: 'opened', repository: { name: 'r', owner: { login: 'o', id: 0 } } });
    // `id` may become any number (counted as one character), `topics` may go (counted as nothing): here both did.
    assert.equal(fixed.least, JSON.stringify(fixed.repaired, null, 2).length);
    assert.ok(fixed.least < JSON.stringify(faulty, null, 2).length);
    assert.ok(
      fixed.least > JSON.stringify({ action: 'opened', repository: { name: 'r', owner: { login: 'o' } } }).length,
    );
  });

  test('3.0 nullable values are read as the validator reads them: a null kept where the schema allows it', () => {
    const nullable = {
      type: 'object',
      required: ['note'],
      properties: { note: { type: 'string', nullable: true }, long: { type: 'string', nullable: true } },
    };
    const sample = { note: null, long: 'x'.repeat(100) };
    const { least, repaired } = judged(nullable, sample);
    assert.deepEqual(repaired, sample);
    assert.equal(least, JSON.stringify(sample, null, 2).length);
  });
});
