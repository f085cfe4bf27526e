import assert from 'node:assert/strict';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, before, beforeEach, describe, test } from 'node:test';
import { ROOT, runMain, tempDir } from './helpers.js';
import { spawnRawMcp, type Answer, type RawMcp } from './mcp-raw-helpers.js';

/**
 * A bound on each case, so that a server that never answers a line (the bug this file guards
 * against) fails the case rather than hanging the run; no answer here takes more than a second.
 */
const CASE = { timeout: 30_000 };

/** Docs pages added to the fixture, so that `resources/list` takes several pages. */
const DOCS = 120;

/**
 * `specsite mcp` as JSON-RPC 2.0 and MCP have it, through a raw stdio client: every line is
 * answered as the protocol says (or, for a notification, never), each error with its exact code,
 * the id when it can be read, and a one-line message without the SDK's `MCP error <code>:` prefix.
 */
describe('specsite mcp speaks JSON-RPC 2.0 exactly', () => {
  let dir = '';
  let args: string[] = [];
  let mcp: RawMcp;
  before(async () => {
    dir = await tempDir('mcp-protocol');
    await cp(join(ROOT, 'test/fixtures/version-history'), dir, { recursive: true });
    await mkdir(join(dir, 'content/docs'), { recursive: true });
    for (let i = 1; i <= DOCS; i++)
      await writeFile(
        join(dir, `content/docs/page-${String(i).padStart(3, '0')}.md`),
        `---\ntitle: Page ${i}\ndescription: The page numbered ${i}.\n---\n\nText of page ${i}.\n`,
      );
    args = ['--config', join(dir, 'site-config.yaml'), '--out', join(dir, 'out'), '--no-build'];
    const built = await runMain(['build', ...args.slice(0, 4), '--no-git-dates']);
    assert.equal(built.code, 0, built.stderr);
  });
  // A server of its own for each case: a case that fails leaves no answer behind for the next.
  beforeEach(async () => {
    mcp = await initialized('2025-06-18');
  });
  afterEach(async () => {
    assert.equal(await mcp.close(), 0);
  });

  /** A server past `initialize` (at `version`) and `notifications/initialized`. */
  async function initialized(version: string): Promise<RawMcp> {
    const raw = spawnRawMcp(args);
    await raw.request(0, 'initialize', {
      protocolVersion: version,
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    });
    const answer = await raw.next();
    assert.equal((answer.result as { protocolVersion: string }).protocolVersion, version);
    await raw.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    return raw;
  }

  let pings = 1000;
  /** A ping sent now is the next line answered: whatever came before got no answer. */
  async function answersPingNext(server = mcp): Promise<void> {
    const id = ++pings;
    await server.request(id, 'ping');
    assert.deepEqual(await server.next(), { jsonrpc: '2.0', id, result: {} });
  }

  /** The error answer to one raw line, then a ping answered: the server reads on. */
  async function errorFor(line: string, server = mcp): Promise<Answer> {
    await server.write(`${line}\n`);
    const answer = await server.next();
    await answersPingNext(server);
    return answer;
  }

  function assertError(answer: Answer, code: number, id: string | number | null, message: RegExp): void {
    assert.deepEqual({ id: answer.id, code: answer.error?.code }, { id, code }, JSON.stringify(answer));
    assert.equal(answer.jsonrpc, '2.0');
    assert.equal(answer.result, undefined);
    const text = answer.error?.message ?? '';
    assert.match(text, message);
    assert.doesNotMatch(text, /\n/, 'one line');
    assert.doesNotMatch(text, /MCP error/, 'no SDK prefix');
  }

  const line = (message: object) => JSON.stringify(message);

  test('a line that is not JSON: -32700, id null', CASE, async () => {
    assertError(await errorFor('this is not json'), -32700, null, /^Parse error: the line is not JSON$/);
    assertError(await errorFor('{"jsonrpc":"2.0","id":3,"method":"ping"'), -32700, null, /not JSON/);
  });

  test('an invalid request: -32600, its id echoed when valid, else null; the reason named', CASE, async () => {
    const cases: Array<[object, string | number | null, RegExp]> = [
      [{ jsonrpc: '2.0', id: 1 }, 1, /: no `method`$/],
      [{ jsonrpc: '1.0', id: 'two', method: 'ping' }, 'two', /: `jsonrpc` must be "2\.0"$/],
      [{ id: 3, method: 'ping' }, 3, /: `jsonrpc` must be "2\.0"$/],
      [{ jsonrpc: '2.0', id: 4, method: 5 }, 4, /: `method` must be a string$/],
      [{ jsonrpc: '2.0', id: 5, method: 'ping', params: 'five' }, 5, /: `params` must be an object$/],
      [{ jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }, null, /: `id` must be a string or an integer$/],
      [{ jsonrpc: '2.0', id: null, method: 'ping' }, null, /`id` must be/],
      [{ jsonrpc: '2.0', id: 1.5, method: 'ping' }, null, /`id` must be/],
      [{ jsonrpc: '2.0', method: 7 }, null, /`method` must be a string$/],
    ];
    for (const [message, id, why] of cases)
      assertError(await errorFor(line(message)), -32600, id, new RegExp(`^Invalid Request: .*${why.source}`));
  });

  test('a missing or wrong parameter: -32602, one line naming it', CASE, async () => {
    const cases: Array<[string, object | undefined, RegExp]> = [
      ['resources/read', undefined, /^Invalid params: resources\/read: `params\.uri` is required$/],
      ['resources/read', {}, /^Invalid params: resources\/read: `params\.uri` is required$/],
      ['resources/read', { uri: 5 }, /^Invalid params: resources\/read: `params\.uri` must be a string$/],
      ['initialize', undefined, /^Invalid params: initialize: `params\.protocolVersion` is required$/],
      ['tools/call', { arguments: {} }, /^Invalid params: tools\/call: `params\.name` is required$/],
      ['ping', [], /^Invalid params: ping: `params` must be an object$/],
    ];
    let id = 100;
    for (const [method, params, message] of cases) {
      const answer = await errorFor(line({ jsonrpc: '2.0', id: ++id, method, params }));
      assertError(answer, -32602, id, message);
    }
  });

  test('a notification is never answered, not even a malformed one; it is said on stderr', CASE, async () => {
    for (const notification of [
      { jsonrpc: '2.0', method: 'notifications/no-such-thing' },
      { jsonrpc: '2.0', method: 'notifications/cancelled' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: [1] },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 'half' } },
    ]) {
      await mcp.write(`${line(notification)}\n`);
      await answersPingNext();
    }
    await mcp.waitForStderr(
      /^specsite mcp: line \d+: notification ignored: Invalid params: notifications\/progress: /m,
    );
  });

  test(
    'an unknown tool is a -32602 protocol error naming the nearest; a wrong argument stays a tool error',
    CASE,
    async () => {
      const unknown = await errorFor(
        line({ jsonrpc: '2.0', id: 200, method: 'tools/call', params: { name: 'serch', arguments: { query: 'x' } } }),
      );
      assertError(
        unknown,
        -32602,
        200,
        /^Invalid params: tools\/call: unknown tool "serch"; the nearest: search; the tools are /,
      );
      await mcp.request(201, 'tools/call', { name: 'get_page', arguments: { route: '/no/such/page/' } });
      const wrong = await mcp.next();
      assert.equal(wrong.id, 201);
      assert.equal((wrong.result as { isError?: boolean }).isError, true);
    },
  );

  test('an unknown resource: -32602, its message said once, with no doubled prefix', CASE, async () => {
    await mcp.request(300, 'resources/read', { uri: 'specsite://page/docs/page-01/' });
    const answer = await mcp.next();
    assertError(
      answer,
      -32602,
      300,
      /^Invalid params: resources\/read: unknown resource "specsite:\/\/page\/docs\/page-01\/"; the nearest: specsite:\/\/page\/docs\/page-001\//,
    );
  });

  test('listChanged is not advertised: the lists never change while the server runs', CASE, async () => {
    const raw = spawnRawMcp(args);
    await raw.request(0, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'x', version: '1' },
    });
    const { capabilities } = (await raw.next()).result as { capabilities: Record<string, unknown> };
    assert.deepEqual(capabilities, { tools: { listChanged: false }, resources: {} });
    assert.equal(await raw.close(), 0);
  });

  test(
    'resources/list comes in pages: walking the cursors gives every resource once, the same each time',
    CASE,
    async () => {
      const index = JSON.parse(await readFile(join(dir, 'out/mcp/site.json'), 'utf8')) as {
        pages: Array<{ route: string; twin?: string }>;
        apis: Array<{ id: string; versions: Array<{ version: string }> }>;
      };
      const expected = [
        ...index.pages.filter((p) => p.twin !== undefined).map((p) => `specsite://page${p.route}`),
        ...index.apis.flatMap((a) => a.versions.map((v) => `specsite://contract/${a.id}/${v.version}`)),
      ];
      assert.ok(expected.length > 2 * 50, `${expected.length} resources`);
      const walk = async (): Promise<{ uris: string[]; cursors: string[] }> => {
        const uris: string[] = [];
        const cursors: string[] = [];
        let cursor: string | undefined;
        do {
          await mcp.request(400 + cursors.length, 'resources/list', cursor === undefined ? {} : { cursor });
          const { resources, nextCursor } = (await mcp.next()).result as {
            resources: Array<{ uri: string }>;
            nextCursor?: string;
          };
          assert.ok(resources.length > 0 && resources.length <= 50, `a page of ${resources.length}`);
          uris.push(...resources.map((r) => r.uri));
          cursor = nextCursor;
          if (cursor !== undefined) cursors.push(cursor);
        } while (cursor !== undefined);
        return { uris, cursors };
      };
      const first = await walk();
      assert.ok(first.cursors.length >= 2, `${first.cursors.length + 1} pages`);
      assert.deepEqual([...first.uris].sort(), [...expected].sort());
      assert.equal(new Set(first.uris).size, first.uris.length, 'no resource twice');
      assert.deepEqual(await walk(), first);
    },
  );

  test('a cursor this server did not give: -32602 naming `params.cursor`', CASE, async () => {
    const forged = Buffer.from('offset:7').toString('base64url');
    let id = 500;
    for (const cursor of ['nonsense', '', forged, 'b2Zmc2V0OjEwMDAwMA']) {
      await mcp.request(++id, 'resources/list', { cursor });
      assertError(await mcp.next(), -32602, id, /^Invalid params: resources\/list: `params\.cursor` is not a cursor/);
    }
  });

  test('a batch under 2025-06-18, which has none: one -32600, id null, not an array', CASE, async () => {
    const answer = await errorFor(line([{ jsonrpc: '2.0', id: 600, method: 'ping' }]));
    assert.equal(Array.isArray(answer), false);
    assertError(answer, -32600, null, /^Invalid Request: a batch .*MCP 2025-06-18 has no batches/);
  });

  test(
    'a batch under 2025-03-26, which has them: one array answering each request, none for notifications',
    CASE,
    async () => {
      const old = await initialized('2025-03-26');
      await old.write(
        `${line([
          { jsonrpc: '2.0', id: 700, method: 'ping' },
          { jsonrpc: '2.0', method: 'notifications/no-such-thing' },
          { jsonrpc: '2.0', id: 701, method: 'resources/read' },
          { jsonrpc: '2.0', id: 702, method: 'tools/list' },
          { jsonrpc: '1.0', id: 703, method: 'ping' },
          42,
        ])}\n`,
      );
      const answers = (await old.next()) as unknown as Answer[];
      assert.ok(Array.isArray(answers), JSON.stringify(answers));
      const byId = new Map(answers.map((a) => [JSON.stringify(a.id), a]));
      assert.equal(answers.length, 5);
      assert.deepEqual(byId.get('700'), { jsonrpc: '2.0', id: 700, result: {} });
      assert.equal(byId.get('701')?.error?.code, -32602);
      assert.ok((byId.get('702')?.result as { tools: unknown[] }).tools.length > 0);
      assert.equal(byId.get('703')?.error?.code, -32600);
      assert.equal(byId.get('null')?.error?.code, -32600);
      // Only notifications: nothing at all; an empty batch and initialize inside one: -32600.
      await old.write(`${line([{ jsonrpc: '2.0', method: 'notifications/no-such-thing' }])}\n`);
      await answersPingNext(old);
      assertError(await errorFor('[]', old), -32600, null, /^Invalid Request: an empty batch$/);
      const init = { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'x', version: '1' } };
      const [inside] = (await errorFor(
        line([{ jsonrpc: '2.0', id: 704, method: 'initialize', params: init }]),
        old,
      )) as unknown as Answer[];
      assertError(inside as Answer, -32600, 704, /initialize cannot be part of a batch/);
      assert.equal(await old.close(), 0);
    },
  );
});
