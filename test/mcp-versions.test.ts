import assert from 'node:assert/strict';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { diff } from '../generator/commands/diff.js';
import { formatDiff } from '../generator/diff/format.js';
import { ROOT, tempDir } from './helpers.js';
import { connectMcp, runMcp, type McpSession } from './mcp-helpers.js';

/** The `history` API has three versions (see version-history.test.ts for what changes between them). */
const FIXTURE = join(ROOT, 'test/fixtures/version-history');
const CHANGELOG = 'https://fixture.example/ref/api/history/changelog/';

interface Operation {
  operationId: string;
  summary: string;
  deprecated: boolean;
  history?: Record<string, { version: string; changelog: string }>;
}

describe('specsite mcp on an API with three versions, and how it starts and stops', () => {
  let dir = '';
  let args: string[] = [];
  let mcp: McpSession;
  before(async () => {
    dir = await tempDir('mcp-versions');
    await cp(FIXTURE, dir, { recursive: true });
    args = ['--config', join(dir, 'site-config.yaml'), '--out', join(dir, 'out')];
    mcp = await connectMcp(args);
  });
  after(async () => {
    await mcp?.client.close();
  });

  test("with no build in out/, it builds first: the build's lines on stderr, stdout the protocol's alone", () => {
    assert.match(mcp.stderr(), /out\/ holds no build; building it first\n/);
    assert.match(mcp.stderr(), /built 7 pages into .*out\/site\n/);
    assert.deepEqual(mcp.errors, []);
  });

  test('get_operation tells where an operation stands in the versions, with links to the changelog', async () => {
    const facts = async (operationId: string, version?: string) =>
      (await mcp.json<Operation>('get_operation', { service: 'history', operationId, version })).history;
    assert.deepEqual(await facts('deleteItem', '2.0.0'), {
      since: { version: '1.0.0', changelog: `${CHANGELOG}#v1.0.0` },
      deprecatedIn: { version: '2.0.0', changelog: `${CHANGELOG}#v2.0.0` },
      removedIn: { version: '3.0.0', changelog: `${CHANGELOG}#v3.0.0` },
    });
    assert.deepEqual(await facts('fetchItem'), {
      since: { version: '1.0.0', changelog: `${CHANGELOG}#v1.0.0` },
      deprecatedIn: { version: '3.0.0', changelog: `${CHANGELOG}#v3.0.0` },
    });
    assert.deepEqual(await facts('getLegacy'), { since: { version: '3.0.0', changelog: `${CHANGELOG}#v3.0.0` } });
    assert.deepEqual(await facts('getLegacy', '1.0.0'), {
      since: { version: '1.0.0', changelog: `${CHANGELOG}#v1.0.0` },
      removedIn: { version: '2.0.0', changelog: `${CHANGELOG}#v2.0.0` },
    });
  });

  test('an operation the asked version lacks: the error says which versions have it', async () => {
    const { text, isError } = await mcp.call('get_operation', { service: 'history', operationId: 'deleteItem' });
    assert.equal(isError, true);
    assert.match(
      text,
      /unknown operation of history 3\.0\.0 "deleteItem";.* "deleteItem" is in version 2\.0\.0, 1\.0\.0$/,
    );
  });

  test('list_operations of an older version', async () => {
    const listed = await mcp.json<{ operations: Array<{ operationId: string; url: string }> }>('list_operations', {
      service: 'history',
      version: '1.0.0',
    });
    assert.deepEqual(
      listed.operations.map((o) => o.operationId),
      ['listItems', 'getItem', 'deleteItem', 'getLegacy'],
    );
    assert.equal(listed.operations[1]?.url, 'https://fixture.example/ref/api/history/1.0.0/#getItem');
  });

  test('diff_versions gives the changes `specsite diff` reports between the two contracts', async () => {
    for (const [from, to] of [
      ['1.0.0', '2.0.0'],
      ['1.0.0', '3.0.0'],
    ] as const) {
      const { text, isError } = await mcp.call('diff_versions', { service: 'history', from, to });
      assert.equal(isError, false, text);
      const files = [join(dir, `openapi/history/${from}.yaml`), join(dir, `openapi/history/${to}.yaml`)] as const;
      const expected = await diff({ files }, { config: join(dir, 'site-config.yaml') });
      assert.ok(expected.report);
      assert.equal(text, formatDiff(expected.report, 'json'));
    }
    const changes = JSON.parse(
      (await mcp.call('diff_versions', { service: 'history', from: '1.0.0', to: '2.0.0' })).text,
    ).changes as Array<{ kind: string }>;
    assert.ok(changes.some((c) => c.kind === 'operation-id-changed'));
  });

  test("get_schema: the newest version's as published, an older version's made from its contract", async () => {
    const item = await mcp.call('get_schema', { service: 'history', name: 'Item' });
    assert.equal(item.text, await readFile(join(dir, 'out/schemas/history/Item.json'), 'utf8'));
    const legacy = JSON.parse(
      (await mcp.call('get_schema', { service: 'history', name: 'LegacyThing', version: '2.0.0' })).text,
    );
    assert.deepEqual(legacy, {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://fixture.example/ref/schemas/history/2.0.0/LegacyThing.json',
      title: 'LegacyThing',
      type: 'object',
      deprecated: true,
      properties: { code: { type: 'string' } },
    });
    const gone = await mcp.call('get_schema', { service: 'history', name: 'LegacyThing' });
    assert.equal(gone.isError, true);
    assert.match(gone.text, /unknown model of history 3\.0\.0 "LegacyThing"/);
  });

  test('started again on the same sources, it builds nothing; once a contract changed, it builds first', async () => {
    const again = await connectMcp(args);
    assert.doesNotMatch(again.stderr(), /building/);
    await again.client.close();
    const file = join(dir, 'openapi/history/3.0.0.yaml');
    const text = await readFile(file, 'utf8');
    assert.match(text, /summary: List items\n/);
    await writeFile(file, text.replace('summary: List items\n', 'summary: List every item\n'));
    const changed = await connectMcp(args);
    try {
      assert.match(
        changed.stderr(),
        /the site's sources \(or specsite\) changed since .*out\/ was built; building it first/,
      );
      const listed = await changed.json<Operation>('get_operation', { service: 'history', operationId: 'listItems' });
      assert.equal(listed.summary, 'List every item');
    } finally {
      await changed.client.close();
    }
  });

  test('--no-build without a build: one located error on stderr, nothing on stdout, exit 1', async () => {
    const empty = await tempDir('mcp-no-build');
    const result = await runMcp(['--config', join(dir, 'site-config.yaml'), '--out', join(empty, 'out'), '--no-build']);
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /^\S+\/out\/ error \[mcp\] no built site here for specsite mcp/);
    assert.doesNotMatch(result.stderr, /\n\s+at /);
  });

  test('a build that fails: its located errors on stderr, nothing on stdout, exit 1, no out/ written', async () => {
    const broken = await tempDir('mcp-broken');
    await cp(FIXTURE, broken, { recursive: true });
    await writeFile(join(broken, 'site-config.yaml'), 'title: Broken\nurl: 12\n');
    const result = await runMcp(['--config', join(broken, 'site-config.yaml'), '--out', join(broken, 'out')]);
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.match(result.stderr, /site-config\.yaml:2:6 error \[config-/);
    assert.doesNotMatch(result.stderr, /\n\s+at /);
    assert.deepEqual((await readdir(broken)).sort(), ['openapi', 'site-config.yaml']);
  });
});
