import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ExampleValidators } from '../generator/render/api/example-ajv.js';
import { ExampleGenerator, MAX_GENERATED_CHARS } from '../generator/render/api/generated-example.js';
import { operationModel } from '../generator/render/api/operation-model.js';
import { RefResolver } from '../generator/render/api/resolver.js';
import type { Direction } from '../generator/render/api/generated-example.js';
import { operationContext } from './operation-context.js';

function documentWith(schemas: Record<string, unknown>, openapi = '3.1.0'): Record<string, unknown> {
  return { openapi, info: { title: 't', version: '1' }, paths: {}, components: { schemas } };
}

/** The generated example of `schema` in a document holding `schemas`, parsed, and checked by a fresh validator. */
function generated(
  schema: unknown,
  schemas: Record<string, unknown> = {},
  direction: Direction = 'response',
  openapi = '3.1.0',
): unknown {
  const resolver = new RefResolver(documentWith(schemas, openapi));
  const text = new ExampleGenerator(resolver).generate(schema, 'application/json', direction);
  if (text === undefined) return undefined;
  const value: unknown = JSON.parse(text);
  const validate = new ExampleValidators(resolver, openapi.startsWith('3.1') ? '3.1' : '3.0').get(
    schema as Record<string, unknown>,
    direction,
  );
  assert.ok(validate, 'the schema compiles');
  assert.ok(validate(value), `valid: ${JSON.stringify(validate.errors)}\n${text}`);
  return value;
}

describe('generated examples are valid where openapi-sampler alone is not', () => {
  test('a pattern the sampler cannot expand (a group) gets a matching value', () => {
    const value = generated({
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', pattern: '^(0|[1-9][0-9]*)$' } },
    });
    assert.deepEqual(value, { id: '1' });
  });

  test('a format gets a value of that format', () => {
    const value = generated({ type: 'string', format: 'ipv6', maxLength: 20 }) as string;
    assert.equal(value, '2001:db8::10');
  });

  test('minItems and uniqueItems are kept', () => {
    assert.deepEqual(
      generated({ type: 'array', minItems: 3, uniqueItems: true, items: { type: 'integer', enum: [1, 2, 3] } }),
      [1, 2, 3],
    );
    assert.deepEqual(generated({ type: 'array', minItems: 2, uniqueItems: true, items: { type: 'string' } }), [
      'string',
      'string2',
    ]);
    const grown = generated({ type: 'array', minItems: 3, items: { type: 'string' } }) as unknown[];
    assert.equal(grown.length, 3);
    assert.equal(
      generated({ type: 'array', minItems: 3, uniqueItems: true, items: { enum: [true, false] } }),
      undefined,
      'impossible: none',
    );
  });

  test('an allOf whose branches disagree with a const takes the const', () => {
    const value = generated({ allOf: [{ type: 'string', enum: ['a', 'b'] }, { const: 'b' }] });
    assert.equal(value, 'b');
  });

  test('optional values that cannot be made valid are left out where they are, one by one, nested in objects and arrays', () => {
    const cannot = { type: 'string', not: { type: 'string' } };
    const value = generated({
      type: 'object',
      required: ['a', 'list'],
      properties: {
        a: { type: 'object', required: ['b'], properties: { b: { type: 'string' }, c: cannot } },
        list: { type: 'array', items: { type: 'object', properties: { d: cannot, e: { type: 'integer' } } } },
      },
    });
    assert.deepEqual(value, { a: { b: 'Example b' }, list: [{ e: 0 }] });
  });

  test('oneOf: when the first branch gives a value more than one branch accepts, another branch is used', () => {
    assert.equal(generated({ oneOf: [{ type: 'string', minLength: 0 }, { type: 'string' }, { type: 'integer' }] }), 0);
  });

  test('readOnly properties are left out of a request, writeOnly ones out of a response, even when required', () => {
    const user = {
      type: 'object',
      required: ['id', 'password', 'name'],
      properties: {
        id: { type: 'integer', readOnly: true },
        password: { type: 'string', writeOnly: true },
        name: { type: 'string' },
      },
    };
    assert.deepEqual(generated({ $ref: '#/components/schemas/User' }, { User: user }, 'request'), {
      password: 'Example password',
      name: 'Example name',
    });
    assert.deepEqual(generated({ $ref: '#/components/schemas/User' }, { User: user }, 'response'), {
      id: 42,
      name: 'Example name',
    });
  });

  test('a recursive model ends where it loops, still valid', () => {
    const node = {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
      },
    };
    const value = generated({ $ref: '#/components/schemas/Node' }, { Node: node }) as Record<string, unknown>;
    assert.equal(value.name, 'Example name');
  });

  test('3.0 nullable is read as 3.0 says', () => {
    const value = generated(
      { type: 'object', required: ['a'], properties: { a: { type: 'string', nullable: true, enum: ['x'] } } },
      {},
      'response',
      '3.0.3',
    );
    assert.deepEqual(value, { a: 'x' });
  });

  test('no example for what cannot be made valid, nor for streams, XML or non-JSON media', () => {
    assert.equal(generated({ type: 'string', pattern: '^[€]{3}$' }), undefined);
    assert.equal(generated({ not: {} }), undefined);
    const generator = new ExampleGenerator(new RefResolver(documentWith({})));
    assert.equal(generator.generate({ type: 'string' }, 'application/xml', 'response'), undefined);
    assert.equal(generator.generate({ type: 'string' }, 'text/plain', 'response'), undefined);
    assert.equal(generator.generate({ type: 'string' }, 'application/x-ndjson', 'response'), undefined);
    assert.equal(generator.generate({ type: 'string' }, 'application/problem+json', 'response'), '"string"');
  });
});

describe('hostile schemas stay bounded', () => {
  test('thousands of properties at each of many levels, huge minItems, long patterns: no example', () => {
    const wide = (level: number): Record<string, unknown> => ({
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 50 }, (_, i) => [
          `p${i}`,
          level === 0 ? { type: 'string' } : { $ref: `#/components/schemas/L${level - 1}` },
        ]),
      ),
    });
    const schemas = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`L${i}`, wide(i)]));
    assert.equal(generated({ $ref: '#/components/schemas/L11' }, schemas), undefined);
    assert.equal(generated({ type: 'array', minItems: 1e9, items: { type: 'string' } }), undefined);
    assert.equal(generated({ type: 'string', minLength: 1e9 }), undefined);
    const five = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`p${i}`, { type: 'integer' }])),
    };
    assert.equal(generated(five), undefined, 'over the size kept');
  });

  test('deep nesting, self-referencing refs and broken refs never throw', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 20_000; i++) deep = { type: 'object', required: ['a'], properties: { a: deep } };
    assert.equal(generated(deep), undefined);
    assert.equal(
      generated({ $ref: '#/components/schemas/Loop' }, { Loop: { $ref: '#/components/schemas/Loop' } }),
      undefined,
    );
    assert.equal(generated({ $ref: '#/components/schemas/Missing' }), undefined);
    assert.equal(generated({ $ref: 'https://example.com/schema.json' }), undefined);
    const text = generated(
      { type: 'object', properties: { a: { oneOf: [{ $ref: '#/components/schemas/A' }] } } },
      {
        A: { oneOf: [{ $ref: '#/components/schemas/A' }] },
      },
    );
    assert.ok(text === undefined || typeof text === 'object');
  });

  test('a generated example is never longer than the cap', () => {
    const big = { type: 'array', minItems: 60, items: { type: 'string', minLength: 400 } };
    const value = generated(big);
    assert.ok(value === undefined || JSON.stringify(value, null, 2).length <= MAX_GENERATED_CHARS);
  });

  test('the same schema gives the same text (deterministic: dates and uuids are fixed)', () => {
    const schema = {
      type: 'object',
      properties: { at: { type: 'string', format: 'date-time' }, id: { type: 'string', format: 'uuid' } },
    };
    const one = new ExampleGenerator(new RefResolver(documentWith({}))).generate(
      schema,
      'application/json',
      'response',
    );
    const two = new ExampleGenerator(new RefResolver(documentWith({}))).generate(
      structuredClone(schema),
      'application/json',
      'response',
    );
    assert.ok(one);
    assert.equal(one, two);
  });
});

describe('operation models', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: { schemas: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } },
  };
  const resolver = new RefResolver(document);
  const context = operationContext(resolver);
  const pet = { $ref: '#/components/schemas/Pet' };
  const model = operationModel(
    {
      id: 'op',
      kind: 'operation',
      method: 'post',
      path: '/pets',
      pathItem: {},
      operation: {
        requestBody: { content: { 'application/json': { schema: pet } } },
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: pet, example: { name: 'Rex' } } } },
          '201': {
            description: 'made',
            content: { 'application/json': { schema: pet, examples: { one: { value: { name: 'Tom' } } } } },
          },
          '202': { description: 'events', content: { 'text/event-stream': { schema: pet } } },
          '204': { description: 'none' },
        },
      },
    },
    context,
  );

  test("the contract's example and examples come first and are not flagged generated", () => {
    const [ok, made] = model.responses;
    assert.deepEqual(ok?.contents[0]?.examples, [
      { name: 'Example', label: 'Example', summary: '', value: '{\n  "name": "Rex"\n}', generated: false },
    ]);
    assert.deepEqual(
      made?.contents[0]?.examples.map((e) => [e.name, e.generated]),
      [['one', false]],
    );
  });

  test('a body without one gets exactly one generated example; a stream gets none', () => {
    assert.deepEqual(model.requestBody?.contents[0]?.examples, [
      { name: 'Example', label: 'Example', summary: '', value: '{\n  "name": "Example name"\n}', generated: true },
    ]);
    assert.deepEqual(model.responses[2]?.contents[0]?.examples, []);
  });
});
