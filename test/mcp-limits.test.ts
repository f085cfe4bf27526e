import assert from 'node:assert/strict';
import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MAX_MESSAGE_BYTES } from '../generator/mcp/server/stdio/transport.js';
import { ROOT, runMain, tempDir } from './helpers.js';
import { peakResident, spawnRawMcp, type RawMcp } from './mcp-raw-helpers.js';

const MiB = 1024 * 1024;

/**
 * What a client sends that is not a message the server can take (too long, not UTF-8, not JSON, not
 * JSON-RPC) and what goes wrong while it serves: each is answered or said on stderr, and the next
 * request is answered as usual.
 */
describe('specsite mcp never dies silently', () => {
  let dir = '';
  let args: string[] = [];
  let mcp: RawMcp;
  before(async () => {
    dir = await tempDir('mcp-limits');
    await cp(join(ROOT, 'test/fixtures/version-history'), dir, { recursive: true });
    args = ['--config', join(dir, 'site-config.yaml'), '--out', join(dir, 'out'), '--no-build'];
    const built = await runMain(['build', ...args.slice(0, 4), '--no-git-dates']);
    assert.equal(built.code, 0, built.stderr);
    mcp = spawnRawMcp(args);
  });
  after(async () => {
    assert.equal(await mcp?.close(), 0);
  });

  let pings = 100;
  /** A ping sent now is answered: the server read past what came before. */
  async function answersPing(): Promise<void> {
    const id = ++pings;
    await mcp.request(id, 'ping');
    assert.deepEqual(await mcp.next(), { jsonrpc: '2.0', id, result: {} });
  }

  /**
   * `line` (ending with its newline) then a ping: the first answer refuses the line with `code`, the
   * second is the ping's (a server that passed over the line in silence would answer the ping first).
   */
  async function refusedThenPing(
    line: string | Buffer,
    code: number,
    message: RegExp,
    id: string | number | null = null,
  ): Promise<void> {
    await mcp.write(line);
    const ping = ++pings;
    await mcp.request(ping, 'ping');
    const answer = await mcp.next();
    assert.deepEqual({ id: answer.id, code: answer.error?.code }, { id, code }, JSON.stringify(answer));
    assert.match(answer.error?.message ?? '', message);
    assert.deepEqual(await mcp.next(), { jsonrpc: '2.0', id: ping, result: {} });
  }

  test('a line of 11 MB is refused with -32600 and a line on stderr, and the next request is answered', async () => {
    await mcp.write(Buffer.alloc(11 * MiB, '{'));
    await refusedThenPing('\n', -32600, /^Invalid Request: a message longer than 4 MiB \(4194304 bytes\)/);
    assert.match(mcp.stderr(), /^specsite mcp: line 1 refused: Invalid Request: a message longer than 4 MiB/m);
  });

  test('a message of exactly the limit is read; one byte more is refused', async () => {
    const padded = (bytes: number): string => {
      const message = (pad: string) =>
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { pad } } });
      return message('x'.repeat(bytes - message('').length));
    };
    assert.equal(padded(MAX_MESSAGE_BYTES).length, MAX_MESSAGE_BYTES);
    await mcp.write(`${padded(MAX_MESSAGE_BYTES)}\n`);
    assert.deepEqual(await mcp.next(), { jsonrpc: '2.0', id: 1, result: {} });
    await refusedThenPing(`${padded(MAX_MESSAGE_BYTES + 1)}\n`, -32600, /longer than 4 MiB/);
  });

  test('200 MB without a newline, then one: refused as it streams, memory stays bounded, the server goes on', async () => {
    const chunk = Buffer.alloc(MiB, 'x');
    for (let i = 0; i < 200; i++) assert.ok(await mcp.write(chunk), `the server still reads after ${i} MB`);
    await refusedThenPing('\n', -32600, /longer than 4 MiB/);
    // Node itself holds about 70 MB; buffering the line whole would hold 200 MB more.
    const peak = await peakResident(mcp.pid);
    assert.ok(peak < 200 * MiB, `peak resident ${Math.round(peak / MiB)} MB`);
  });

  test('a line that is not JSON, or not UTF-8, is a -32700 parse error, said on stderr too', async () => {
    await refusedThenPing('this is not json\n', -32700, /^Parse error: the line is not JSON$/);
    // `{"` + bytes no UTF-8 has + `"}`: decoded loosely, it would be a JSON string of U+FFFD.
    const notUtf8 = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d, 0x0a]);
    await refusedThenPing(notUtf8, -32700, /^Parse error: the line is not UTF-8$/);
    await refusedThenPing(Buffer.from([0x00, 0x01, 0x1b, 0x5b, 0x32, 0x4a, 0x0a]), -32700, /not JSON/);
    await mcp.waitForStderr(/^specsite mcp: line \d+ refused: Parse error: the line is not UTF-8$/m);
  });

  test('JSON that is no JSON-RPC message is a -32600, with the id of what looks like a request', async () => {
    for (const value of ['42', '"ping"', 'null', '{}'])
      await refusedThenPing(`${value}\n`, -32600, /^Invalid Request: not a JSON-RPC 2\.0 request/);
    // A batch before `initialize` settled on 2025-03-26, the one version that has them (mcp-protocol.test.ts).
    for (const value of ['[]', '[{"jsonrpc":"2.0","id":1,"method":"ping"}]'])
      await refusedThenPing(`${value}\n`, -32600, /^Invalid Request: a batch \(a JSON array\)/);
    await refusedThenPing('{"jsonrpc":"2.0","id":7,"method":"ping","extra":true}\n', -32600, /not a JSON-RPC/, 7);
    await refusedThenPing('{"jsonrpc":"1.0","id":"eight","method":"ping"}\n', -32600, /not a JSON-RPC/, 'eight');
    // A malformed response is not answered by its id: that would fail the client's own request 9.
    await refusedThenPing('{"jsonrpc":"2.0","id":9,"result":"not an object"}\n', -32600, /not a JSON-RPC/);
  });

  test('blank lines between messages are passed over', async () => {
    await mcp.write('\n\r\n   \n');
    await answersPing();
  });

  test('a rejection nobody handles and an exception thrown from a callback: one line each on stderr, the server goes on', async () => {
    // Stands for a bug of specsite's or of a dependency's, set off when the test asks (SIGUSR2).
    const bug = join(dir, 'stray.mjs');
    await writeFile(
      bug,
      `process.on('SIGUSR2', () => {
        Promise.reject(new Error('a stray rejection'));
        setImmediate(() => { throw new Error('a stray exception'); });
      });\n`,
    );
    const buggy = spawnRawMcp(args, { flags: ['--import', bug] });
    await buggy.request(1, 'ping');
    assert.equal((await buggy.next()).id, 1);
    process.kill(buggy.pid, 'SIGUSR2');
    await buggy.waitForStderr(/a stray exception/);
    await buggy.request(2, 'ping');
    assert.deepEqual(await buggy.next(), { jsonrpc: '2.0', id: 2, result: {} });
    assert.match(
      buggy.stderr(),
      /^specsite mcp: an error escaped a request's handling; serving on: a stray rejection$/m,
    );
    assert.match(
      buggy.stderr(),
      /^specsite mcp: an error escaped a request's handling; serving on: a stray exception$/m,
    );
    assert.equal(await buggy.close(), 0);
  });
});
