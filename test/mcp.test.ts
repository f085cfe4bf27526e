import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { alive, connectMcp, listAllResources, type McpSession } from './mcp-helpers.js';
import { buildRealSite, SERVICES } from './site-real-helpers.js';

interface Listed {
  service: string;
  version: string;
  operations: Array<{ operationId: string | null; method: string; path: string; summary: string; url: string }>;
}
interface Hit {
  kind: string;
  title: string;
  url: string;
  service?: string;
  operationId?: string;
}

const ROOT_URL = 'https://www.openk9.io/';

/**
 * `specsite mcp` on the real site, through the SDK's own client over stdio: the server is started
 * on a fresh build of site-config.yaml (so it builds nothing itself) and every tool is called on it.
 */
describe('specsite mcp on the real site', () => {
  let out = '';
  let mcp: McpSession;
  before(async () => {
    const built = await buildRealSite();
    assert.deepEqual(built.result.diagnostics, []);
    out = built.out;
    mcp = await connectMcp(['--out', out]);
  });
  after(async () => {
    await mcp?.client.close();
  });

  test('starts on the fresh build without building, and lists its six tools, each described with its arguments', async () => {
    assert.doesNotMatch(mcp.stderr(), /building/);
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['search', 'get_page', 'list_operations', 'get_operation', 'get_schema', 'diff_versions'],
    );
    for (const tool of tools) {
      assert.ok((tool.description ?? '').length > 80, tool.name);
      assert.equal(tool.annotations?.readOnlyHint, true);
      for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {}))
        assert.ok((schema as { description?: string }).description, `${tool.name}.${name} is described`);
    }
    const service = tools.find((t) => t.name === 'get_operation')?.inputSchema.properties?.service as {
      description: string;
    };
    for (const id of SERVICES) assert.match(service.description, new RegExp(`\\b${id}\\b`));
  });

  test("resources: every page's Markdown and each service's contract, read from the build", async () => {
    const resources = await listAllResources(mcp.client);
    const page = resources.find((r) => r.uri === 'specsite://page/docs/architecture/');
    assert.equal(page?.mimeType, 'text/markdown');
    assert.equal(page?.title, 'Architecture');
    const read = await mcp.client.readResource({ uri: 'specsite://page/docs/architecture/' });
    assert.equal(
      (read.contents[0] as { text: string }).text,
      await readFile(join(out, 'site/docs/architecture/index.md'), 'utf8'),
    );
    for (const id of SERVICES) {
      const uri = `specsite://contract/${id}/3.1.0-SNAPSHOT`;
      const contract = resources.find((r) => r.uri === uri);
      assert.equal(contract?.mimeType, 'application/yaml', id);
      const text = (await mcp.client.readResource({ uri })).contents[0] as { text: string };
      assert.equal(text.text, await readFile(`openapi/${id}/3.1.0-SNAPSHOT.yaml`, 'utf8'), id);
    }
  });

  test("search finds a docs page's section by a phrase, and leads to the section", async () => {
    const hits = await mcp.json<Hit[]>('search', { query: 'how content flows in' });
    assert.equal(hits[0]?.kind, 'section');
    assert.equal(hits[0]?.title, 'How content flows in');
    assert.equal(hits[0]?.url, `${ROOT_URL}docs/architecture/#how-content-flows-in`);
  });

  test('search finds an operation by its operationId, and a model by its name', async () => {
    const [operation] = await mcp.json<Hit[]>('search', { query: 'generateAnswer' });
    assert.deepEqual(
      { kind: operation?.kind, service: operation?.service, operationId: operation?.operationId },
      { kind: 'operation', service: 'rag', operationId: 'generateAnswer' },
    );
    assert.equal(operation?.url, `${ROOT_URL}api/rag/generation/#generateAnswer`);
    const [model] = await mcp.json<Hit[]>('search', { query: 'ChatRequest', kind: 'model' });
    assert.deepEqual({ kind: model?.kind, title: model?.title }, { kind: 'model', title: 'ChatRequest' });
  });

  for (const service of SERVICES)
    test(`${service}: list_operations, then get_operation gives its parameters, bodies, examples, curl and TypeScript`, async () => {
      const listed = await mcp.json<Listed>('list_operations', { service });
      assert.equal(listed.version, '3.1.0-SNAPSHOT');
      assert.ok(listed.operations.length > 0);
      const first = listed.operations[0]!;
      assert.ok(first.url.startsWith(`${ROOT_URL}api/${service}/`), first.url);
      const operation = await mcp.json<{
        method: string;
        path: string;
        url: string;
        parameters: unknown[];
        responses: Record<string, { content: Record<string, { examples: unknown[] }> }>;
        samples: Array<{ label: string; code: string }>;
        history?: unknown;
      }>('get_operation', { service, operationId: first.operationId });
      assert.deepEqual(
        { method: operation.method, path: operation.path, url: operation.url },
        { method: first.method, path: first.path, url: first.url },
      );
      assert.ok(Array.isArray(operation.parameters));
      assert.ok(Object.keys(operation.responses).length > 0);
      assert.deepEqual(
        operation.samples.map((s) => s.label),
        ['curl', 'TypeScript'],
      );
      assert.match(operation.samples[0]!.code, new RegExp(`^curl .*${first.path.replace(/\{[^}]+\}/g, '.*')}`, 's'));
      // One version: nothing to tell of its history.
      assert.equal(operation.history, undefined);
    });

  test('get_operation resolves the body schema one level, names its component, and gives its examples', async () => {
    const operation = await mcp.json<{
      requestBody: {
        content: Record<
          string,
          { schema: { properties: Record<string, unknown> }; schemaName: string; examples: Array<{ value: string }> }
        >;
      };
    }>('get_operation', { service: 'rag', operationId: 'generateAnswer' });
    const body = operation.requestBody.content['application/json']!;
    assert.equal(body.schemaName, 'RagSearchRequest');
    assert.deepEqual(body.schema.properties.searchQuery, {
      type: 'array',
      description: 'The search tokens that make up the query.',
      items: { $ref: '#/components/schemas/SearchToken' },
    });
    assert.equal(JSON.parse(body.examples[0]!.value).searchText, 'What is the refund policy?');
  });

  test('diff_versions reads the contract: a version against itself has no changes', async () => {
    const report = await mcp.json<{ summary: Record<string, number>; changes: unknown[] }>('diff_versions', {
      service: 'datasource',
      from: '3.1.0-SNAPSHOT',
      to: '3.1.0-SNAPSHOT',
    });
    assert.deepEqual(report.summary, { breaking: 0, acknowledged: 0, nonBreaking: 0 });
    assert.deepEqual(report.changes, []);
  });

  test('get_schema gives the JSON Schema as published in out/schemas/', async () => {
    const { text, isError } = await mcp.call('get_schema', { service: 'datasource', name: 'Bucket' });
    assert.equal(isError, false);
    assert.equal(text, await readFile(join(out, 'schemas/datasource/Bucket.json'), 'utf8'));
    // As a `$ref` names it, too.
    assert.equal((await mcp.call('get_schema', { service: 'datasource', name: 'Bucket.json' })).text, text);
  });

  test("get_page gives a page's Markdown by its route, written any way, or by its URL", async () => {
    const twin = await readFile(join(out, 'site/docs/architecture/index.md'), 'utf8');
    for (const route of [
      '/docs/architecture/',
      '/docs/architecture',
      'docs/architecture',
      `${ROOT_URL}docs/architecture/`,
      `${ROOT_URL}docs/architecture/index.md#services-at-a-glance`,
    ])
      assert.equal((await mcp.call('get_page', { route })).text, twin, route);
    const reference = await mcp.call('get_page', { route: '/api/rag/chat/' });
    assert.equal(reference.text, await readFile(join(out, 'site/api/rag/chat/index.md'), 'utf8'));
  });

  test('every wrong argument is a tool error that names what exists nearby; the server lives on', async () => {
    const errors: Array<[string, Record<string, unknown>, RegExp]> = [
      ['get_operation', { service: 'serch', operationId: 'x' }, /unknown service "serch"; the nearest: searcher/],
      ['list_operations', { service: 'ragg' }, /unknown service "ragg"; the nearest: rag/],
      [
        'get_operation',
        { service: 'rag', operationId: 'generateAnswr' },
        /unknown operation of rag 3\.1\.0-SNAPSHOT "generateAnswr"; the nearest: generateAnswer/,
      ],
      [
        'get_operation',
        { service: 'rag', operationId: 'generateAnswer', version: '3.0.0' },
        /unknown version of rag "3\.0\.0"; its versions are 3\.1\.0-SNAPSHOT/,
      ],
      [
        'get_schema',
        { service: 'rag', name: 'ChatRequst' },
        /unknown model of rag .*"ChatRequst"; the nearest: ChatRequest/,
      ],
      [
        'get_page',
        { route: '/docs/architectur/' },
        /unknown page "\/docs\/architectur\/"; the nearest: \/docs\/architecture\//,
      ],
      ['get_page', { route: 'https://example.com/docs/architecture/' }, /not a page of this site/],
      // Arguments select among what the build published; they never become paths.
      ['get_page', { route: '../../../etc/passwd' }, /unknown page "\.\.\/\.\.\/\.\.\/etc\/passwd"/],
      ['get_page', { route: 'file:///etc/passwd' }, /not a page of this site/],
      ['get_schema', { service: 'rag', name: '../../../package.json' }, /unknown model of rag/],
      ['list_operations', { service: 'rag', tag: 'Chats' }, /unknown tag of rag .*"Chats"; the nearest: Chat/],
      ['diff_versions', { service: 'rag', from: '3.1.0-SNAPSHOT', to: '2.0.0' }, /unknown version of rag "2\.0\.0"/],
      ['search', { query: '   ' }, /query/],
      ['search', { query: 'x', limit: 0 }, /limit/],
      ['get_operation', { service: 'rag' }, /operationId/],
    ];
    for (const [tool, args, message] of errors) {
      const { text, isError } = await mcp.call(tool, args);
      assert.equal(isError, true, `${tool} ${JSON.stringify(args)}: ${text}`);
      assert.match(text, message);
    }
    const { text } = await mcp.call('search', { query: 'zzqxv' });
    assert.match(text, /nothing .* matches "zzqxv"/);
    assert.ok(alive(mcp.pid));
    assert.deepEqual(mcp.errors, []);
    assert.doesNotMatch(mcp.stderr(), /internal error|\n\s+at /);
  });

  test('a client that goes away in the middle of a call: the server stops by itself, cleanly', async () => {
    const leaving = await connectMcp(['--out', out]);
    // The first search makes the index: the call is still running when stdin closes.
    const pending = leaving.client.callTool({ name: 'search', arguments: { query: 'tenant provisioning' } });
    pending.catch(() => {});
    await leaving.client.close();
    assert.equal(alive(leaving.pid), false);
    assert.match(leaving.stderr(), /specsite mcp: stopping: the client closed the connection\n$/);
    assert.doesNotMatch(leaving.stderr(), /internal error|\n\s+at /);
  });
});
