import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { EXAMPLE_VALIDATION } from '../generator/contracts/ajv-options.js';
import { ExampleValidators } from '../generator/render/api/example-ajv.js';
import { SharedSchemas } from '../generator/render/api/example-shared.js';
import { RefResolver } from '../generator/render/api/resolver.js';

const BASE = 'https://specsite.invalid/example-schemas/';

/** A user object of 30-odd values, written out in full wherever a payload holds one (as GitHub's webhooks do). */
function user(): Record<string, unknown> {
  return {
    type: 'object',
    required: ['login', 'id', 'type'],
    properties: {
      login: { type: 'string', minLength: 2 },
      id: { type: 'integer', minimum: 1 },
      email: { type: 'string', format: 'email' },
      url: { type: 'string', format: 'uri' },
      type: { type: 'string', enum: ['Bot', 'User', 'Organization'] },
      site_admin: { type: 'boolean' },
    },
    additionalProperties: false,
  };
}

const payload = {
  type: 'object',
  required: ['sender', 'owner'],
  properties: {
    action: { type: 'string', enum: ['opened'] },
    sender: user(),
    owner: user(),
    assignees: { type: 'array', items: user(), maxItems: 2 },
  },
};

/** The errors as the repair reads them: in order, where, which keyword, with what. */
function errorsOf(validate: { errors?: unknown }): unknown[] {
  const errors = (validate.errors ?? []) as Array<{ instancePath: string; keyword: string; params: unknown }>;
  return errors.map(({ instancePath, keyword, params }) => ({ instancePath, keyword, params }));
}

function plainAjv(): Ajv2020 {
  const require = createRequire(import.meta.url);
  const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const ajv = new Ajv({ ...EXAMPLE_VALIDATION, inlineRefs: false });
  (require('ajv-formats') as { default: (ajv: Ajv2020) => void }).default(ajv);
  return ajv;
}

describe('large subschemas written out many times are compiled once', () => {
  test('equal subschemas get one $ref; small ones and ones judged by their neighbours stay inline', () => {
    const added: string[] = [];
    const shared = new SharedSchemas(BASE, (_schema, id) => added.push(id));
    const first = shared.share(user());
    assert.deepEqual(shared.share(user()), first);
    assert.match(JSON.stringify(first), /"\$ref":"https:\/\/specsite\.invalid\/example-schemas\/shared\//);
    assert.equal(added.length, 1);
    // Another order of properties is another order of errors: not the same schema.
    const reordered = user();
    reordered.properties = Object.fromEntries(Object.entries(reordered.properties as object).reverse());
    assert.notDeepEqual(shared.share(reordered), first);
    const small = { type: 'string', minLength: 2 };
    assert.equal(shared.share(small), small);
    const contextual = { ...user(), unevaluatedProperties: false };
    assert.equal(shared.share(contextual), contextual);
    const relative = { ...user(), properties: { ...(user().properties as object), next: { $ref: '#/$defs/x' } } };
    assert.equal(shared.share(relative), relative);
  });

  test('a validator using shared subschemas reports the same errors, in the same order, as one compiled whole', () => {
    const resolver = new RefResolver({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} });
    const shared = new ExampleValidators(resolver, '3.1').get(structuredClone(payload), 'request');
    assert.ok(shared, 'compiles');
    const whole = plainAjv().compile(structuredClone(payload));
    const bad = (n: number): Record<string, unknown> => ({
      login: 'x',
      id: 0,
      email: 'nobody',
      url: 'no url',
      type: 'Robot',
      extra: n,
    });
    const samples: unknown[] = [
      { action: 'closed', sender: bad(1), owner: bad(2), assignees: [bad(3), {}, bad(4)] },
      { sender: { login: 'octocat', id: 1, type: 'User' } },
      {
        action: 'opened',
        sender: { login: 'octocat', id: 1, type: 'User' },
        owner: { login: 'octo', id: 1, type: 'Bot' },
      },
    ];
    const counts = samples.map((sample) => {
      assert.equal(shared(sample), whole(sample));
      assert.deepEqual(errorsOf(shared), errorsOf(whole));
      return errorsOf(whole).length;
    });
    assert.ok((counts[0] ?? 0) > 10, `the first sample breaks many rules: ${counts.join(', ')}`);
    assert.equal(counts.at(-1), 0, 'the last is valid');
  });
});
