import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { nearest } from '../generator/mcp/server/nearest.js';
import { tidy } from '../generator/mcp/server/stdio/tidy.js';
import { routeOf } from '../generator/mcp/server/routes.js';

describe("specsite mcp's parts", () => {
  test('routeOf: a route written any way, a path under the base URL, a file of the page, a URL of the site', () => {
    const root = new URL('https://docs.example/ref/');
    const cases: Array<[string, string]> = [
      ['/docs/x/', '/docs/x/'],
      ['/docs/x', '/docs/x/'],
      ['docs/x', '/docs/x/'],
      ['  docs//x/#part  ', '/docs/x/'],
      ['/ref/docs/x/', '/docs/x/'],
      ['/ref', '/'],
      ['/docs/x/index.md', '/docs/x/'],
      ['/docs/x/index.html?q=1', '/docs/x/'],
      ['/docs/a/../x/', '/docs/x/'],
      ['/docs/%C3%A9t%C3%A9/', '/docs/été/'],
      ['https://docs.example/ref/docs/x/index.md#a', '/docs/x/'],
      ['https://docs.example/ref/', '/'],
      ['/404.html', '/404.html'],
    ];
    for (const [given, route] of cases) assert.equal(routeOf(given, root), route, given);
    for (const elsewhere of ['https://other.example/ref/docs/x/', 'https://docs.example/docs/x/', 'file:///etc/passwd'])
      assert.throws(() => routeOf(elsewhere, root), /not a page of this site/, elsewhere);
  });

  test('nearest: what contains the given text first, then the closest; nothing when all are far', () => {
    assert.deepEqual(nearest('chat', ['Chat history', 'Generation', 'Chat', 'Service']), ['Chat', 'Chat history']);
    assert.deepEqual(nearest('serch', ['searcher', 'rag', 'datasource']), ['searcher']);
    assert.deepEqual(nearest('zzzzzz', ['searcher', 'rag']), []);
  });

  test("tidy: an error's message is one line, the SDK's `MCP error <code>:` prefixes gone", () => {
    const sent = tidy({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32602, message: 'MCP error -32602: MCP error -32602: Resource x\nnot   found' },
    });
    assert.deepEqual(sent, { jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'Resource x not found' } });
    const answer = { jsonrpc: '2.0' as const, id: 4, result: {} };
    assert.equal(tidy(answer), answer);
  });
});
