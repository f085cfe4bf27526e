import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compounds } from '../generator/search/compounds.js';
import { order, type Candidate } from '../templates/search/rank/order.js';
import { matchPath, parsePathQuery } from '../templates/search/rank/path-match.js';
import type { SearchSymbols } from '../templates/search/rank/symbols.js';
import { understand } from '../templates/search/rank/understand.js';
import { spellings } from '../templates/search/rank/variants.js';
import { splitWords } from '../templates/search/rank/words.js';

const SYMBOLS: SearchSymbols = {
  operations: [
    ['post', '/api/searcher/v1/search', 'searchDocuments', '/api/searcher/#searchDocuments', 'Search', 'Searcher API'],
    ['get', '/api/datasource/buckets/{id}', 'getBucket', '/api/datasource/buckets/#getBucket', 'Get', 'Datasource API'],
    [
      'get',
      '/api/datasource/buckets/count',
      'countBuckets',
      '/api/datasource/buckets/#countBuckets',
      'Count',
      'Datasource API',
    ],
    [
      'delete',
      '/api/datasource/buckets/{id}',
      'deleteBucket',
      '/api/datasource/buckets/#deleteBucket',
      'Delete',
      'Datasource API',
    ],
  ],
  models: [['Bucket', '/api/datasource/schemas/#schema-Bucket', 'Datasource API', []]],
  errors: [['Invalid or expired token', [0]]],
  compounds: [['datasource', 'data source']],
};

describe('what a query asks for', () => {
  test('a call, with or without its method, gateway prefix, trailing slash, or with a value for a parameter', () => {
    for (const query of [
      'POST /v1/search',
      '/v1/search',
      '/api/searcher/v1/search/',
      'https://x.example/api/searcher/v1/search?q=1',
    ])
      assert.deepEqual(matchPath(parsePathQuery(query)!, SYMBOLS.operations), [0], query);
    assert.deepEqual(matchPath(parsePathQuery('GET /buckets/42')!, SYMBOLS.operations), [1]);
    assert.deepEqual(matchPath(parsePathQuery('/buckets/{bucketId}')!, SYMBOLS.operations), [1, 3]);
    assert.deepEqual(matchPath(parsePathQuery('/buckets/count')!, SYMBOLS.operations), [2, 1, 3]);
    assert.equal(parsePathQuery('how to add a datasource'), undefined);
    assert.equal(parsePathQuery('GET buckets'), undefined);
  });

  test('each kind of query is recognised', () => {
    const intent = (query: string): string => understand(query, 'en', SYMBOLS).intent;
    assert.equal(intent('POST /v1/search'), 'path');
    assert.equal(intent('searchDocuments'), 'identifier');
    assert.equal(intent('data_index'), 'identifier');
    assert.equal(intent('invalid or expired token.'), 'error');
    assert.equal(intent('401 unauthorized'), 'status');
    assert.equal(intent('how do I add a data source'), 'task');
    assert.equal(intent('create a bucket'), 'task');
    assert.equal(intent('Bucket'), 'noun');
    assert.equal(intent('bucket settings'), 'noun');
  });

  test("a question's stop words are not searched, on an English site only", () => {
    assert.equal(understand('how do I add a bucket', 'en', SYMBOLS).searches[0]?.text, 'add bucket');
    assert.equal(understand('how do I add a bucket', 'it', SYMBOLS).searches[0]?.text, 'how do I add a bucket');
  });
});

describe('spellings', () => {
  test('compounds split and joined, identifiers split into words', () => {
    assert.deepEqual(spellings(['add', 'datasource'], SYMBOLS.compounds), ['add datasource', 'add data source']);
    assert.deepEqual(spellings(['add', 'data', 'source'], SYMBOLS.compounds), ['add data source', 'add datasource']);
    assert.deepEqual(spellings(['enrichItem'], []), ['enrichItem', 'enrich Item']);
    assert.deepEqual(spellings(['data_index'], []), ['data_index', 'data index']);
  });

  test("the compounds come from the identifiers' words", () => {
    assert.deepEqual(compounds(['Datasource', 'DataIndex', 'SearchHitSource', 'in', 'index']), [
      ['dataindex', 'data index'],
      ['datasource', 'data source'],
    ]);
  });

  test('splitWords', () => {
    assert.deepEqual(splitWords('liquibaseSchemaName HTTPServer data_index'), [
      'liquibase',
      'Schema',
      'Name',
      'HTTP',
      'Server',
      'data',
      'index',
    ]);
  });
});

describe('order', () => {
  const candidate = (url: string, kind: Candidate<null>['kind'], score: number, extra = {}): Candidate<null> => ({
    url,
    kind,
    score,
    exact: undefined,
    named: false,
    item: null,
    ...extra,
  });

  test('a task puts the guide above operations that score more', () => {
    const ranked = order('task', [candidate('/api/a', 'operation', 10), candidate('/docs/guide/', 'page', 4)]);
    assert.deepEqual(
      ranked.map((c) => c.url),
      ['/docs/guide/', '/api/a'],
    );
  });

  test('a noun: the best page, then the model of that name, then the rest', () => {
    const ranked = order('noun', [
      candidate('/api/op', 'operation', 9),
      candidate('/api/model', 'model', 1, { named: true }),
      candidate('/docs/guide/', 'page', 2),
    ]);
    assert.deepEqual(
      ranked.map((c) => c.url),
      ['/docs/guide/', '/api/model', '/api/op'],
    );
  });

  test('what a call names comes first, in the order matched', () => {
    const ranked = order('path', [
      candidate('/docs/x/', 'page', 50),
      candidate('/api/b', 'operation', 0, { exact: 1 }),
      candidate('/api/a', 'operation', 0, { exact: 0 }),
    ]);
    assert.deepEqual(
      ranked.map((c) => c.url),
      ['/api/a', '/api/b', '/docs/x/'],
    );
  });

  test('an error message: the pages explaining it and the operations answering it, in turn', () => {
    const ranked = order('error', [
      candidate('/docs/a/', 'page', 5),
      candidate('/docs/b/', 'page', 4),
      candidate('/api/op', 'operation', 0, { exact: 0 }),
    ]);
    assert.deepEqual(
      ranked.map((c) => c.url),
      ['/docs/a/', '/api/op', '/docs/b/'],
    );
  });
});
