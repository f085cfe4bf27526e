import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pathGrouping, readable } from '../generator/render/api/path-groups.js';

const groupsOf = (paths: string[]): Array<string | undefined> => {
  const group = pathGrouping(paths);
  return paths.map((p) => group(p)?.prefix);
};

describe('the path segment that names an untagged operation’s group', () => {
  test('versions and parameters are skipped, in any form', () => {
    assert.deepEqual(
      groupsOf([
        '/v1/customers/{customer}',
        '/v2/core/events',
        '/v1beta2/things',
        '/2010-04-01/Accounts/{AccountSid}/Calls.json',
        '/2010-04-01/Accounts.json',
        '/{tenant}/orders',
        '/:id/items',
        '/1.0/status',
        '/v1',
        '/',
        '/{id}',
      ]),
      [
        '/v1/customers',
        '/v2/core',
        '/v1beta2/things',
        '/2010-04-01/Accounts',
        '/2010-04-01/Accounts',
        '/{tenant}/orders',
        '/:id/items',
        '/1.0/status',
        undefined,
        undefined,
        undefined,
      ],
    );
  });

  test('a prefix every path shares names no group; a path that ends inside it takes its deepest segment', () => {
    assert.deepEqual(groupsOf(['/api/users/{id}', '/api/orders', '/api']), ['/api/users', '/api/orders', '/api']);
    assert.deepEqual(groupsOf(['/api/things', '/api/things/{id}/parts', '/api/things/{id}']), [
      '/api/things',
      '/api/things/{id}/parts',
      '/api/things',
    ]);
  });

  test('the version pattern stays linear on a long hostile segment', () => {
    const hostile = [`v${'1'.repeat(50_000)}x`, `v${'1.'.repeat(50_000)}x`, `${'1-'.repeat(50_000)}x`];
    for (const segment of hostile) assert.equal(pathGrouping([])(`/${segment}/next`)?.prefix, `/${segment}`);
  });
});

describe('a path segment made readable', () => {
  test('separators and camel case become spaces, words stay as written otherwise', () => {
    assert.deepEqual(
      ['payment_intents', 'payment-intents', 'paymentIntents', 'OAuth2', 'Accounts', 'sms', 'apps.secrets', '_x'].map(
        readable,
      ),
      ['Payment intents', 'Payment intents', 'Payment intents', 'OAuth2', 'Accounts', 'Sms', 'Apps secrets', 'X'],
    );
  });
});
