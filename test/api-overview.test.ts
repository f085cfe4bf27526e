import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { buildApis, readPage, type BuiltApis } from './api-pages-helpers.js';
import { textOf, type Page } from './html.js';

/** Issue 41, Deliver 5 and 6: an overview a reader can use, and deprecated operations that say what replaces them. */

function op(operationId: string, tag: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    operationId,
    tags: [tag],
    summary: `Call ${operationId}`,
    responses: { '204': { description: 'Done' } },
    ...extra,
  };
}

const admin = { security: [{ oidc: [] }], 'x-roles': ['admin'] };

function document(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Shop', version: '2.0.0', description: 'Sells things.' },
    servers: [
      { url: '/api/shop', description: 'The gateway.' },
      {
        url: 'https://{region}.shop.example.com/v2',
        description: 'Direct.',
        variables: { region: { default: 'eu', enum: ['eu', 'us'], description: 'Where the data lives.' } },
      },
    ],
    paths: {
      '/items': { get: op('listItems', 'Items', admin), post: op('createItem', 'Items', admin) },
      '/items/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        put: op('replaceItem', 'Items', { ...admin, deprecated: true, 'x-deprecated-by': 'updateItem' }),
        patch: op('updateItem', 'Items', admin),
        delete: op('removeItem', 'Items', { ...admin, deprecated: true, 'x-replaced-by': 'noSuchOperation' }),
      },
      '/orders': { get: op('listOrders', 'Orders', admin), post: op('oldOrder', 'Orders', { deprecated: true }) },
    },
    components: {
      securitySchemes: {
        oidc: {
          type: 'openIdConnect',
          openIdConnectUrl: 'https://identity.example.com/.well-known/openid-configuration',
        },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        headerKey: { type: 'apiKey', in: 'header', name: 'X-Key' },
        queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
        oauth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: 'https://auth.example.com/authorize',
              tokenUrl: 'https://auth.example.com/token',
              scopes: { 'items:read': 'Read items' },
            },
          },
        },
      },
    },
  };
}

const schemeText = (page: Page, title: string): string =>
  page
    .all('#api-authentication .api-security-scheme')
    .map(textOf)
    .find((t) => t.startsWith(title)) ?? '';

describe('the API overview', () => {
  let built: BuiltApis;
  let page: Page;
  before(async () => {
    built = await buildApis('overview', { shop: document() });
    assert.deepEqual(built.result.diagnostics, []);
    page = await readPage(built.site, 'api/shop');
  });

  test('authentication in words: what each scheme is and what to send, titled in words, not by its key', () => {
    assert.deepEqual(page.all('#api-authentication h3').map(textOf), [
      'OpenID Connect',
      'HTTP bearer token',
      'API key (headerKey)',
      'API key (queryKey)',
      'OAuth 2.0',
    ]);
    assert.match(
      schemeText(page, 'OpenID Connect'),
      /Send an OpenID Connect access token as Authorization: Bearer <token>\./,
    );
    assert.match(schemeText(page, 'HTTP bearer token'), /Send the token \(JWT\) as Authorization: Bearer <token>\./);
    assert.match(schemeText(page, 'API key (headerKey)'), /Send the key in the X-Key header\./);
    assert.match(schemeText(page, 'API key (queryKey)'), /Send the key as the api_key query parameter\./);
    const oauth = schemeText(page, 'OAuth 2.0');
    assert.match(oauth, /Send an OAuth 2\.0 access token as Authorization: Bearer <token>/);
    assert.match(oauth, /Authorization code flow/);
    assert.match(oauth, /items:read\s*Read items/);
    // What to copy is code.
    assert.ok(page.all('#api-authentication .api-auth-send code').some((c) => textOf(c) === 'X-Key'));
  });

  test("no link in the overview leads to a contract's URL: they are shown as text", () => {
    const hrefs = page.all('#api-overview a').map((a) => String(a.properties.href));
    assert.ok(hrefs.length > 0);
    for (const href of hrefs) assert.doesNotMatch(href, /example\.com/, href);
    assert.match(page.text('#api-authentication') ?? '', /Discovery URL\s*https:\/\/identity\.example\.com/);
  });

  test('servers as a reader can use them: a relative one said in words, an absolute one as code with its variables', () => {
    const servers = page.all('#api-servers .api-server').map(textOf);
    assert.equal(servers.length, 2);
    assert.match(
      servers[0] ?? '',
      /^On the same host as the platform, at path \/api\/shop: every path below is relative to it\.\s*The gateway\./,
    );
    assert.equal(page.text('#api-servers .api-server-url'), 'https://{region}.shop.example.com/v2');
    assert.match(servers[1] ?? '', /\{region\}\s*default eu \(one of eu, us\) · Where the data lives\./);
    assert.equal(page.all('#api-servers li').length, 0, 'no bullets');
  });

  test('roles compactly: a row per role and tag, each operation a method badge linked to it, no path written out', () => {
    const rows = page.all('#api-roles tbody tr');
    assert.deepEqual(
      rows.map((r) => textOf(r.children.find((c) => c.type === 'element' && c.tagName === 'td') as never)),
      ['Items 5', 'Orders 1'],
    );
    assert.match(page.text('#api-roles tbody th') ?? '', /^admin 6 operations$/);
    const badges = page.links('#api-roles .api-role-operations');
    assert.deepEqual(
      badges.map((b) => [b.text, b.href]),
      [
        ['GET', '/api/shop/#listItems'],
        ['POST', '/api/shop/#createItem'],
        ['PUT', '/api/shop/#replaceItem'],
        ['DELETE', '/api/shop/#removeItem'],
        ['PATCH', '/api/shop/#updateItem'],
        ['GET', '/api/shop/#listOrders'],
      ],
    );
    assert.equal(badges[0]?.label, 'Call listItems: GET /items');
    // The honest measure of compact: the only text of the operations column is the badges' methods.
    assert.doesNotMatch(page.text('#api-roles tbody') ?? '', /\/items/);
  });

  test('the version once: one element holds it, as text when it is the only one', () => {
    const holders = page.all('.api-header *').filter((e) => textOf(e) === '2.0.0');
    assert.equal(holders.length, 1);
    assert.equal(page.text('.api-version'), 'Version 2.0.0');
    assert.equal(page.one('.api-version-menu'), undefined);
    assert.equal(page.attr('.api-header .api-changelog-link', 'href'), '/api/shop/changelog/');
  });
});

describe('deprecated operations', () => {
  let page: Page;
  let twin: string;
  before(async () => {
    const built = await buildApis('deprecated', { shop: document() });
    page = await readPage(built.site, 'api/shop');
    twin = await readFile(join(built.site, 'api/shop/index.md'), 'utf8');
  });

  test('x-deprecated-by names the replacement, linked to it; an id this version lacks is text; nothing is guessed', () => {
    assert.equal(page.text('#replaceItem .api-replaced-by'), 'Use updateItem instead.');
    assert.equal(page.attr('#replaceItem .api-replaced-by a', 'href'), '/api/shop/#updateItem');
    assert.equal(page.text('#removeItem .api-replaced-by'), 'Use noSuchOperation instead.');
    assert.equal(page.one('#removeItem .api-replaced-by a'), undefined);
    assert.equal(page.one('#oldOrder .api-replaced-by'), undefined);
    assert.match(page.text('#replaceItem .api-operation-title') ?? '', /deprecated$/);
    assert.match(twin, /Use \[`updateItem`\]\([^)]*#updateItem\) instead\./);
  });

  test('the sidebar lists a tag’s current operations first, then its deprecated ones under a heading', () => {
    const labels = page.all('.api-nav a.api-nav-operation, .api-nav .api-nav-deprecated-heading').map(textOf);
    assert.deepEqual(labels, [
      'GET Call listItems',
      'POST Call createItem',
      'PATCH Call updateItem',
      'Deprecated (2)',
      'PUT Call replaceItem (deprecated)',
      'DELETE Call removeItem (deprecated)',
      'GET Call listOrders',
      'Deprecated (1)',
      'POST Call oldOrder (deprecated)',
    ]);
  });
});
