import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import {
  buildApis,
  declarePathParams,
  pageSizes,
  readPage,
  stripeLike,
  subpages,
  untaggedOperation,
  type BuiltApis,
} from './api-pages-helpers.js';
import { textOf } from './html.js';

/** Issue 25: a large document without tags is split by its first path segment, as tagged ones are by tag. */
describe('a large document without tags gets a page per path segment', () => {
  let built: BuiltApis;
  before(async () => {
    const document = stripeLike(50);
    const paths = document.paths as Record<string, unknown>;
    paths['/v1/payment_intents/{intent}/confirm'] = { post: untaggedOperation('PostPaymentIntentsConfirm', 'Confirm') };
    paths['/v2/core/events'] = { get: untaggedOperation('GetCoreEvents', 'List events') };
    paths['/v1'] = { get: untaggedOperation('GetRoot', 'The root') };
    built = await buildApis('untagged-split', { stripe: declarePathParams(document) });
  });

  test('builds cleanly', () => {
    assert.deepEqual(
      built.result.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
    assert.ok(built.result.report);
  });

  test('each resource has a page, named after the first segment that is not a version or a parameter', async () => {
    const pages = await subpages(built.site, 'api/stripe');
    const resources = Array.from(
      { length: 50 },
      (_, r) => `resource-${String.fromCharCode(97 + (r % 26))}${Math.floor(r / 26)}`,
    );
    // `/v1` alone names nothing: its operation stays in the "Operations" group.
    assert.deepEqual(pages, [...resources, 'changelog', 'core', 'operations', 'payment-intents', 'schemas'].sort());
    const overview = await readPage(built.site, 'api/stripe');
    const groups = overview.all('.api-nav .api-nav-tag').map(textOf);
    assert.deepEqual(groups.slice(0, 3), ['Resource a0', 'Resource b0', 'Resource c0']);
    assert.deepEqual(groups.slice(-4), ['Payment intents', 'Core', 'Operations', 'Models']);
    const intents = await readPage(built.site, 'api/stripe/payment-intents');
    assert.equal(intents.text('h1'), 'Payment intents · Stripe-like reference');
    assert.equal(intents.text('.api-tag > .markdown'), 'Operations whose path starts with /v1/payment_intents.');
    assert.equal(intents.one('.api-tag > .markdown code')?.children.length, 1);
  });

  test('every operation keeps a unique anchor, and the overview leads to it', async () => {
    const overview = await readPage(built.site, 'api/stripe');
    const moved = overview.all('#api-moved [data-moved-to]');
    assert.equal(moved.length, 303);
    const ids = moved.map((m) => String(m.properties.id));
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(overview.attr('[id="Get3"]', 'dataMovedTo'), '/api/stripe/resource-d0/#Get3');
    // The update operations have no operationId: their anchor comes from method and path.
    assert.equal(
      overview.attr('[id="post-v1-resource-d0-resource-d0"]', 'dataMovedTo'),
      '/api/stripe/resource-d0/#post-v1-resource-d0-resource-d0',
    );
    const page = await readPage(built.site, 'api/stripe/resource-d0');
    assert.deepEqual(
      page.all('.api-main .api-operation').map((o) => o.properties.id),
      ['Get3List', 'Post3', 'Get3', 'post-v1-resource-d0-resource-d0', 'Delete3', 'Get3Lines'],
    );
    assert.equal(page.all('.api-nav .api-nav-operation').length, 6);
  });

  test('no page holds more than a resource: the largest is a small part of the whole', async () => {
    const sizes = await pageSizes(built.site, 'api/stripe');
    const operationPages = [...sizes].filter(([route]) => !/^(\.|schemas|changelog)/.test(route));
    assert.equal(operationPages.length, 53);
    const total = operationPages.reduce((n, [, size]) => n + size, 0);
    const largest = Math.max(...operationPages.map(([, size]) => size));
    assert.ok(largest < total / 20, `largest page ${largest} bytes of ${total}`);
  });
});

describe('untagged operations in a document that is not split, or mostly tagged', () => {
  test('a small document without tags stays on one page, its operations under "Operations"', async () => {
    const built = await buildApis('untagged-small', { small: declarePathParams(stripeLike(3)) });
    assert.deepEqual(await subpages(built.site, 'api/small'), ['changelog']);
    const page = await readPage(built.site, 'api/small');
    assert.deepEqual(page.all('.api-nav .api-nav-tag').map(textOf), ['Operations', 'Models']);
    assert.equal(page.all('.api-operation').length, 18);
  });

  test('a split document keeps a few untagged operations together; many get path groups beside the tags', async () => {
    const tagged = (few: number): Record<string, unknown> => {
      const document = stripeLike(few);
      const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
      for (let i = 0; i < 12; i++)
        paths[`/v1/customers/${i}`] = { get: { ...untaggedOperation(`Customer${i}`, 'Get'), tags: ['Customers'] } };
      paths['/v1/customers'] = { get: untaggedOperation('ListCustomers', 'List customers') };
      return declarePathParams(document);
    };
    // 12 tagged and 13 untagged of 25 operations, split above 20: the 13 fit on one "Operations" page.
    const few = await buildApis('untagged-few', { few: tagged(2) }, 20);
    assert.deepEqual(await subpages(few.site, 'api/few'), ['changelog', 'customers', 'operations', 'schemas']);
    assert.equal((await readPage(few.site, 'api/few/operations')).all('.api-main .api-operation').length, 13);
    // With 25 untagged they do not: each resource gets its page, and the untagged `/v1/customers`
    // group, whose name a tag has, reads differently and has a route of its own.
    const many = await buildApis('untagged-many', { many: tagged(4) }, 20);
    assert.deepEqual(await subpages(many.site, 'api/many'), [
      'changelog',
      'customers',
      'customers-2',
      'resource-a0',
      'resource-b0',
      'resource-c0',
      'resource-d0',
      'schemas',
    ]);
    const page = await readPage(many.site, 'api/many/customers-2');
    assert.equal(page.text('.api-tag h2'), 'Customers operations');
    assert.equal(page.attr('.api-tag h2', 'id'), 'tag-customers-2');
    assert.deepEqual(
      page.all('.api-main .api-operation').map((o) => o.properties.id),
      ['ListCustomers'],
    );
    assert.equal((await readPage(many.site, 'api/many/customers')).text('.api-tag h2'), 'Customers');
  });
});
