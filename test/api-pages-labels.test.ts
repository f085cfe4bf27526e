import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { buildApis, readPage, subpages, type BuiltApis } from './api-pages-helpers.js';
import { textOf } from './html.js';

/** An operation of `tag` at `path` whose response is a `Thing`. */
function operation(operationId: string, tags: string[]): Record<string, unknown> {
  return {
    operationId,
    tags,
    security: [{ oauth: ['read'] }],
    responses: {
      '200': {
        description: 'OK',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
      },
    },
  };
}

/** Tags named as the reference's own sections, beside servers, authentication, roles, models and webhooks. */
function colliding(extra: number): Record<string, unknown> {
  const names = ['Models', 'Overview', 'servers', 'Authentication', 'Roles', 'Webhooks', 'Operations', 'Pets'];
  const paths: Record<string, unknown> = {};
  names.forEach((name, i) => (paths[`/t${i}`] = { get: operation(`op${i}`, [name]) }));
  paths['/untagged'] = { get: operation('untagged', []) };
  for (let i = 0; i < extra; i++) paths[`/pets/${i}`] = { get: operation(`pet${i}`, ['Pets']) };
  return {
    openapi: '3.1.0',
    info: { title: 'Clash', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    tags: [{ name: 'Models', description: 'List and retrieve the models.' }],
    paths,
    webhooks: { thingCreated: { post: { operationId: 'thingCreated', responses: { '200': { description: 'OK' } } } } },
    components: {
      schemas: { Thing: { type: 'object', properties: { id: { type: 'string' } } } },
      securitySchemes: {
        oauth: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: 'https://example.com/token', scopes: { read: 'Read' } } },
        },
      },
    },
  };
}

const navLabels = (page: Awaited<ReturnType<typeof readPage>>): string[] =>
  page.all('.api-nav > ul > li > a').map(textOf);

describe('a tag named as one of the reference’s own sections gets a distinct label', () => {
  let one: BuiltApis;
  let split: BuiltApis;
  before(async () => {
    one = await buildApis('labels-one', { clash: colliding(0) });
    split = await buildApis('labels-split', { clash: colliding(20) }, 20);
  });

  test('on a one-page reference: no two sidebar entries or headings read alike', async () => {
    assert.deepEqual(one.result.diagnostics, []);
    const page = await readPage(one.site, 'api/clash');
    assert.deepEqual(navLabels(page), [
      'Overview',
      'Models operations',
      'Overview operations',
      'servers operations',
      'Authentication operations',
      'Roles operations',
      'Webhooks operations',
      'Operations operations',
      'Pets',
      'Operations',
      'Webhooks',
      'Models',
    ]);
    const headings = page.all('.api-main h2').map(textOf);
    assert.equal(new Set(headings.map((h) => h.toLowerCase())).size, headings.length, headings.join(', '));
    // Anchors stay apart: the tag's section, the models' heading and the untagged operations' group.
    assert.equal(page.text('#tag-models'), 'Models operations');
    assert.equal(page.text('#models'), 'Models');
    assert.equal(page.text('#tag-operations'), 'Operations operations');
    assert.equal(page.text('#tag-operations-2'), 'Operations');
    assert.equal(page.text('#tag-webhooks'), 'Webhooks operations');
    assert.equal(page.text('#tag-webhooks-2'), 'Webhooks');
    // The tag and the group of the same name are not merged.
    for (const anchor of ['tag-operations', 'tag-operations-2', 'tag-webhooks', 'tag-webhooks-2'])
      assert.equal(page.all(`.api-tag:has(> #${anchor}) .api-operation`).length, 1, anchor);
  });

  test('on a split reference: tag pages have routes apart from the models and changelog pages', async () => {
    assert.deepEqual(split.result.diagnostics, []);
    assert.deepEqual(await subpages(split.site, 'api/clash'), [
      'authentication',
      'changelog',
      'models',
      'operations',
      'operations-2',
      'overview',
      'pets',
      'roles',
      'schemas',
      'servers',
      'webhooks',
      'webhooks-2',
    ]);
    const overview = await readPage(split.site, 'api/clash');
    // The overview's headings are not beside the tags here: only the sidebar's own entries are kept apart.
    assert.deepEqual(navLabels(overview), [
      'Overview',
      'Models operations',
      'Overview operations',
      'servers',
      'Authentication',
      'Roles',
      'Webhooks operations',
      'Operations operations',
      'Pets',
      'Operations',
      'Webhooks',
      'Models',
    ]);
    const models = await readPage(split.site, 'api/clash/models');
    assert.equal(models.text('h1'), 'Models operations · Clash reference');
    assert.equal(models.text('.api-tag > .markdown'), 'List and retrieve the models.');
    assert.equal(overview.attr('.api-nav a[href$="#models"]', 'href'), '/api/clash/schemas/#models');
  });
});
