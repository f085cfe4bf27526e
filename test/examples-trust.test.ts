import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { fromHtml } from 'hast-util-from-html';
import { ExampleValidators } from '../generator/render/api/example-ajv.js';
import { ExampleGenerator } from '../generator/render/api/generated-example.js';
import { operationModel, type OperationSource } from '../generator/render/api/operation-model.js';
import { RefResolver } from '../generator/render/api/resolver.js';
import { curlSample } from '../generator/render/api/samples/curl.js';
import { requestPlan } from '../generator/render/api/samples/request-plan.js';
import { OperationAside } from '../templates/api/OperationAside.js';
import type { OperationModel } from '../templates/api/model.js';
import { Page, textOf } from './html.js';
import { operationContext } from './operation-context.js';

type Json = Record<string, unknown>;

function documentOf(paths: Json, schemas: Json = {}): Json {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components: { schemas } };
}

function contextOf(resolver: RefResolver): Parameters<typeof operationModel>[1] {
  return operationContext(resolver);
}

/** The operation's model and its curl sample, as the reference page builds them. */
function operation(document: Json, path: string, method: string): { model: OperationModel; curl: string } {
  const resolver = new RefResolver(document);
  const pathItem = (document.paths as Record<string, Json>)[path] as Json;
  const source: OperationSource = {
    id: 'op',
    kind: 'operation',
    method,
    path,
    pathItem,
    operation: pathItem[method] as Json,
  };
  const model = operationModel(source, contextOf(resolver));
  return { model, curl: curlSample(requestPlan(source, document, resolver)) };
}

function aside(model: OperationModel): Page {
  return new Page(fromHtml(renderToStaticMarkup(createElement(OperationAside, { op: model }))));
}

const json = (value: unknown): Json => ({ 'application/json': value as Json });

describe('one label per example', () => {
  const document = documentOf({
    '/search': {
      post: {
        requestBody: {
          content: json({
            schema: { type: 'object' },
            examples: {
              firstTen: { summary: 'First page of ten hits', value: { size: 10 } },
              lastPage: { value: { page: -1 } },
            },
          }),
        },
        responses: {
          '200': {
            description: 'hits',
            content: {
              'application/json': { schema: { type: 'object' }, example: { hits: [] } },
              'text/csv': { schema: { type: 'string' }, example: 'id,title' },
            },
          },
          '400': {
            description: 'bad',
            content: json({ schema: { type: 'object', properties: { code: { type: 'integer' } } } }),
          },
        },
      },
    },
  });
  const page = aside(operation(document, '/search', 'post').model);
  const [request, responses] = page.all('.api-examples').map((node) => new Page({ type: 'root', children: [node] }));
  assert.ok(request && responses);

  test('the summary wins, else the name in words; shown once, by the tab (the title is the panel label the tab replaces)', () => {
    assert.deepEqual(request.all('[role=tab]').map(textOf), ['First page of ten hits', 'Last page']);
    const titles = request.all('.api-example > .code-block-title');
    assert.deepEqual(titles.map(textOf), ['First page of ten hits', 'Last page']);
    for (const title of titles) assert.ok(String(title.properties.className).includes('tabs-panel-label'));
    const text = textOf(request.all('.api-examples')[0] as never);
    assert.ok(!text.includes('firstTen') && !text.includes('lastPage'), text);
  });

  test('a request body with one media type shows no media type and no tab for it', () => {
    assert.ok(!(request.text('.api-examples') ?? '').includes('application/json'));
  });

  test('the media type is shown where there are several: a tab per media type, or a label in the title', () => {
    // The status tabs, then those of 200's media types.
    const tabs = responses.all('[role=tab]').map(textOf);
    assert.deepEqual(tabs, ['200', '400', 'application/json', 'text/csv']);
    assert.deepEqual(responses.all('.api-example-media').map(textOf), ['application/json']);
    // 400's body, generated: one label, the media type (the pane holds two) and the badge.
    const title = new Page({
      type: 'root',
      children: [responses.all('.api-example > .code-block-title').at(-1) as never],
    });
    assert.equal(title.text('.code-block-title'), 'Exampleapplication/jsongenerated');
    assert.equal(title.text('.api-example-media'), 'application/json');
    assert.equal(title.text('.api-example-generated'), 'generated');
  });
});

describe('the id in the path is the id in the body', () => {
  const thing = {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: 'integer', format: 'int64', readOnly: true }, name: { type: 'string' } },
  };
  const get = (parameter: Json, response: Json): Json => ({
    parameters: [{ in: 'path', required: true, schema: { type: 'integer' }, ...parameter }],
    get: {
      responses: {
        '200': { description: 'ok', content: json({ schema: { $ref: '#/components/schemas/Thing' }, ...response }) },
      },
    },
  });
  const firstExample = (model: OperationModel): Json =>
    JSON.parse(model.responses[0]?.contents[0]?.examples[0]?.value ?? 'null');

  test('neither gives a value: both use the same made-up id', () => {
    const { model, curl } = operation(
      documentOf({ '/things/{id}': get({ name: 'id' }, {}) }, { Thing: thing }),
      '/things/{id}',
      'get',
    );
    assert.match(curl, /\/things\/42'/);
    assert.deepEqual(firstExample(model), { id: 42, name: 'Example name' });
  });

  test("the contract's body example gives the id the samples call", () => {
    const paths = {
      '/things/{thingId}': get({ name: 'thingId' }, { examples: { one: { value: { id: 7, name: 'Seven' } } } }),
    };
    const { model, curl } = operation(documentOf(paths, { Thing: thing }), '/things/{thingId}', 'get');
    assert.match(curl, /\/things\/7'/);
    assert.equal(firstExample(model).id, 7);
  });

  test("the parameter's own example is the id of the generated body", () => {
    const paths = { '/things/{id}': get({ name: 'id', example: 5 }, {}) };
    const { model, curl } = operation(documentOf(paths, { Thing: thing }), '/things/{id}', 'get');
    assert.match(curl, /\/things\/5'/);
    assert.equal(firstExample(model).id, 5);
  });
});

describe('generated examples use the schema’s own facts', () => {
  const schema = {
    type: 'object',
    properties: {
      id: { type: 'integer', readOnly: true },
      ownerId: { type: 'integer' },
      name: { type: 'string' },
      status: { type: 'string', enum: ['active', 'paused'] },
      size: { type: 'integer', default: 10 },
      label: { type: 'string', examples: ['Main'] },
      note: { type: 'string', example: 'Handle with care' },
      kind: { const: 'box' },
      createdAt: { type: 'string', format: 'date-time' },
      email: { type: 'string', format: 'email' },
      website: { type: 'string', format: 'uri' },
      key: { type: 'string', format: 'uuid' },
      code: { type: 'string', pattern: '^[A-Z]{3}$' },
    },
  };
  const make = (): string | undefined =>
    new ExampleGenerator(new RefResolver(documentOf({}))).generate(
      structuredClone(schema),
      'application/json',
      'response',
    );

  test('enum, default, example, examples, const, formats and names, valid and the same every time', () => {
    const text = make();
    assert.ok(text);
    assert.equal(make(), text);
    const value = JSON.parse(text) as Json;
    assert.deepEqual(value, {
      id: 42,
      ownerId: 42,
      name: 'Example name',
      status: 'active',
      size: 10,
      label: 'Main',
      note: 'Handle with care',
      kind: 'box',
      createdAt: '2026-01-15T09:30:00Z',
      email: 'jane.doe@example.com',
      website: 'https://example.com/',
      key: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      code: 'AAA',
    });
    const validate = new ExampleValidators(new RefResolver(documentOf({})), '3.1').get(schema, 'response');
    assert.ok(validate?.(value));
  });
});
