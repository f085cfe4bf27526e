import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { buildApis, readPage, type BuiltApis } from './api-pages-helpers.js';
import { statesDefault } from '../generator/render/api/default-stated.js';
import { Page, textOf } from './html.js';

/** Issue 41, Deliver 3: a default stated once, and an object or array example never printed inline. */
function fitDocument(): Record<string, unknown> {
  const filter = { type: 'object', properties: { field: { type: 'string' } }, example: { field: 'name', op: 'eq' } };
  return {
    openapi: '3.1.0',
    info: { title: 'Fit', version: '1.0.0' },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          parameters: [
            {
              name: 'after_id',
              in: 'query',
              description: 'Return the things after this id. Defaults to -1.',
              schema: { type: 'integer', default: -1 },
            },
            // The sentence names another value than the default: both stay.
            {
              name: 'limit',
              in: 'query',
              description: 'How many. Defaults to 50.',
              schema: { type: 'integer', default: 20 },
            },
            { name: 'filter', in: 'query', schema: filter, example: { field: 'name', op: 'eq' } },
            { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } }, example: ['a', 'b'] },
            { name: 'q', in: 'query', schema: { type: 'string' }, example: 'lamp' },
          ],
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          properties: {
            enabled: { type: 'boolean', default: true, description: 'Whether it is on (default is `true`).' },
            size: { type: 'integer', default: 3, description: 'Its size.' },
            owner: { $ref: '#/components/schemas/Owner' },
            name: { type: 'string', example: 'Lamp' },
          },
        },
        Owner: {
          type: 'object',
          properties: { id: { type: 'integer' }, roles: { type: 'array', items: { type: 'string' } } },
          example: { id: 7, roles: ['admin'] },
        },
      },
    },
  };
}

/** How many times `text` occurs in `haystack`. */
const count = (haystack: string, text: string): number => haystack.split(text).length - 1;

describe('parameters and properties state a default once and show only short examples inline', () => {
  let built: BuiltApis;
  let page: Page;
  before(async () => {
    built = await buildApis('api-fit', { fit: fitDocument() });
    page = await readPage(built.site, 'api/fit');
  });

  test('builds with no diagnostics', () => {
    assert.deepEqual(built.result.diagnostics, []);
  });

  /** The `.api-parameter` item of the parameter named `name`. */
  const parameter = (name: string): Page => {
    const li = page.all('#listThings .api-parameter').find((item) => {
      return new Page({ type: 'root', children: [item] }).text('.api-parameter-name') === name;
    });
    assert.ok(li, `a parameter ${name}`);
    return new Page({ type: 'root', children: [li] });
  };

  test('a description saying "Defaults to -1." beside default -1 states it once', () => {
    const afterId = parameter('after_id');
    assert.equal(count(afterId.text('.api-parameter') ?? '', '-1'), 1);
    assert.equal(afterId.all('.schema-default').length, 0);
    // A sentence naming another value is not the default's: the default is shown.
    assert.equal(parameter('limit').text('.schema-default'), 'Default 20');
  });

  test("a property whose description says its default (default is `true`) states it once; another keeps its line's default", () => {
    const rows = page
      .all('#listThings .api-response .schema-row')
      .map((li) => new Page({ type: 'root', children: [li] }));
    const enabled = rows.find((row) => row.text('.schema-property-name') === 'enabled');
    const size = rows.find((row) => row.text('.schema-property-name') === 'size');
    assert.ok(enabled && size);
    assert.equal(count(enabled.text('.schema-row') ?? '', 'true'), 1);
    assert.equal(size.text('.schema-row-head .schema-default'), 'Default 3');
  });

  test('an object or array example is not printed inline; a scalar one is', () => {
    assert.equal(parameter('filter').all('.schema-value').length, 0);
    assert.equal(parameter('tags').all('.schema-value').length, 0);
    assert.equal(parameter('q').text('.api-parameter > .schema-value'), 'Example "lamp"');
    assert.ok(page.one('#schema-Owner') && page.one('#schema-Thing'));
    for (const scope of ['#listThings', '#schema-Thing', '#schema-Owner']) {
      const examples = page.all(`${scope} .schema-value`).map(textOf);
      assert.ok(
        examples.every((text) => !/Example\s*[[{]/.test(text)),
        `${scope}: ${examples.join(' | ')}`,
      );
    }
    assert.ok(page.all('#schema-Thing .schema-value').map(textOf).includes('Example "Lamp"'));
  });
});

describe('statesDefault', () => {
  test('matches the sentences contracts write, only for the same value', () => {
    assert.equal(statesDefault('Return the entities after this id. Defaults to -1.', -1), true);
    assert.equal(statesDefault('Maximum number. Default: 20', 20), true);
    assert.equal(statesDefault('Whether to rerank (default true).', true), true);
    assert.equal(statesDefault('Column to sort by. Defaults to `createDate`.', 'createDate'), true);
    assert.equal(statesDefault('The order; the default is "asc".', 'asc'), true);
    assert.equal(statesDefault('A ratio. Defaults to 0.5.', 0.5), true);
    assert.equal(statesDefault('Defaults to 50.', 20), false);
    assert.equal(statesDefault('Uses the default language.', 'en'), false);
    assert.equal(statesDefault('See defaultLanguage: en', 'en'), false);
    assert.equal(statesDefault('Defaults to {}.', {}), false);
    assert.equal(statesDefault(undefined, 1), false);
  });
});
