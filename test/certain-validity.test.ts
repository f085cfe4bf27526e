import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { EXAMPLE_VALIDATION } from '../generator/contracts/ajv-options.js';
import { CertainValidity } from '../generator/contracts/certain-validity.js';
import { decodePointer, getAtPointer, isRecord } from '../generator/sources/pointer.js';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

const URI = 'https://specsite.invalid/certain.json';

/** The fast path's verdict and Ajv's (set up as `SchemaValidators` sets it up) on one value of `#/$defs/s`. */
function verdicts(schema: unknown, value: unknown, defs: Record<string, unknown> = {}) {
  const document = { $defs: { ...defs, s: schema } };
  const ajv = new Ajv2020({ ...EXAMPLE_VALIDATION, inlineRefs: false });
  addFormats(ajv);
  ajv.addSchema(document, URI);
  const certain = new CertainValidity((k) => Boolean(ajv.RULES.keywords[k] ?? ajv.getKeyword(k))).valid(
    schema,
    value,
    (ref) => {
      const found = getAtPointer(document, decodePointer(ref) ?? ['-']);
      return isRecord(found) || typeof found === 'boolean' ? found : undefined;
    },
  );
  let ajvValid: boolean | 'no compile';
  try {
    ajvValid = ajv.compile({ $ref: `${URI}#/$defs/s` })(value) as boolean;
  } catch {
    ajvValid = 'no compile';
  }
  // The one promise: "certain" is never said of a value Ajv rejects, or of a schema Ajv cannot compile.
  if (certain) assert.equal(ajvValid, true, `said certainly valid: ${JSON.stringify({ schema, value })}`);
  return { certain, ajv: ajvValid };
}

const certain = (schema: unknown, value: unknown, defs?: Record<string, unknown>): boolean =>
  verdicts(schema, value, defs).certain;

describe('examples certainly valid without compiling', () => {
  test('values that pass each keyword read are certain', () => {
    const user = {
      type: 'object',
      required: ['id', 'login'],
      properties: {
        id: { type: 'integer', minimum: 1, maximum: 10 },
        login: { type: 'string', minLength: 2, maxLength: 5, pattern: '^[a-z]+$' },
        site: { type: 'string', format: 'uri' },
        when: { type: 'string', format: 'date-time' },
        size: { type: 'integer', format: 'int32', exclusiveMaximum: 100 },
        role: { type: 'string', enum: ['admin', 'user'] },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
        note: { type: ['string', 'null'] },
      },
      additionalProperties: false,
      description: 'annotations and unknown keywords are ignored',
      'x-extra': { anything: true },
    };
    const value = {
      id: 3,
      login: 'abc',
      site: 'https://example.com',
      when: '2024-01-02T03:04:05Z',
      size: 7,
      role: 'admin',
      tags: ['a', 'b'],
      note: null,
    };
    assert.equal(certain(user, value), true);
    assert.equal(
      certain({ allOf: [{ $ref: '#/$defs/User' }, { anyOf: [{ type: 'string' }, { required: ['id'] }] }] }, value, {
        User: user,
      }),
      true,
    );
    assert.equal(certain({ type: 'string', format: 'no-such-format' }, 'x'), true);
    assert.equal(certain(true, 'anything'), true);
  });

  test('a value one step over a bound, off a pattern, a format, a type or an enum is left to Ajv', () => {
    const cases: [unknown, unknown][] = [
      [{ type: 'integer' }, 1.5],
      [{ type: 'number' }, '1'],
      [{ type: 'string', maxLength: 2 }, 'abc'],
      [{ type: 'string', minLength: 2 }, '😀'],
      [{ minimum: 2 }, 1],
      [{ exclusiveMaximum: 2 }, 2],
      [{ type: 'string', pattern: '^a+$' }, 'ab'],
      [{ type: 'string', format: 'email' }, 'not an email'],
      [{ type: 'integer', format: 'int32' }, 2 ** 31],
      [{ enum: ['a', 'b'] }, 'c'],
      [{ const: 1 }, 2],
      [{ required: ['a'] }, {}],
      [{ properties: { a: { type: 'string' } } }, { a: 1 }],
      [
        { properties: { a: {} }, additionalProperties: false },
        { a: 1, b: 2 },
      ],
      [{ additionalProperties: { type: 'string' } }, { b: 2 }],
      [{ items: { type: 'string' } }, ['a', 1]],
      [{ minItems: 2 }, [1]],
      [{ uniqueItems: true }, [1, 1]],
      [{ anyOf: [{ type: 'string' }, { type: 'boolean' }] }, 1],
      [{ allOf: [{ type: 'number' }, { maximum: 1 }] }, 2],
      [{ $ref: '#/$defs/Id' }, 'x'],
      [{ minProperties: 2 }, { a: 1 }],
      [false, 1],
    ];
    for (const [schema, value] of cases) {
      const found = verdicts(schema, value, { Id: { type: 'integer' } });
      assert.deepEqual(found, { certain: false, ajv: false }, JSON.stringify({ schema, value }));
    }
  });

  test('keywords not read here, objects in an enum and scope keywords are left to Ajv, even when the value passes', () => {
    assert.equal(certain({ oneOf: [{ type: 'string' }, { type: 'integer' }] }, 'a'), false);
    assert.equal(certain({ not: { type: 'string' } }, 1), false);
    assert.equal(certain({ type: 'object', nullable: true }, null), false);
    assert.equal(certain({ enum: [{ a: 1 }] }, { a: 1 }), false);
    assert.equal(certain({ $id: 'https://elsewhere.invalid/x', type: 'string' }, 'a'), false);
    assert.equal(certain({ type: 'string', multipleOf: 2 }, 'a'), false);
    assert.equal(certain({ type: 'object', patternProperties: { '^a': { type: 'string' } } }, { a: 'b' }), false);
  });

  test('a schema Ajv cannot compile is never certain, even where the value never reaches the fault', () => {
    const faults: unknown[] = [
      { properties: { a: { type: 'string' }, b: { type: 'file' } } },
      { properties: { a: { type: 'string' }, b: { pattern: '(' } } },
      { properties: { a: { type: 'string' }, b: { $ref: '#/$defs/Missing' } } },
      { properties: { a: { type: 'string' }, b: { minLength: 'two' } } },
      { properties: { a: { type: 'string' }, b: { required: 'b' } } },
      { properties: { a: { type: 'string' }, b: { enum: [] } } },
    ];
    for (const schema of faults) {
      const found = verdicts(schema, { a: 'x' });
      assert.equal(found.certain, false, JSON.stringify(schema));
    }
    assert.equal(verdicts(faults[0], { a: 'x' }).ajv, 'no compile');
  });

  test('a cycle of $refs is walked once, and a value nested deeper than it is checked all the way', () => {
    const node = { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#/$defs/Node' } } };
    const deep = { name: 'a', child: { name: 'b', child: { name: 'c' } } };
    assert.equal(certain({ $ref: '#/$defs/Node' }, deep, { Node: node }), true);
    const wrong = { name: 'a', child: { name: 'b', child: { name: 3 } } };
    assert.deepEqual(verdicts({ $ref: '#/$defs/Node' }, wrong, { Node: node }), { certain: false, ajv: false });
  });
});
