import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { fromHtml } from 'hast-util-from-html';
import { parse } from 'yaml';
import type { Element } from 'hast';
import { withSiteInBrowser } from './browser.js';
import { Page, textOf } from './html.js';
import { buildRealSite, pageReader, SERVICES } from './site-real-helpers.js';

/** The real site's API references and the docs pages that introduce them, against the contracts. */
let out: string;
const page = pageReader(() => out);

/**
 * Every page of a service's reference but its changelog, as one tree (the overview first); the
 * overview alone; and the page each section is on.
 */
async function wholeReference(service: string): Promise<{ overview: Page; p: Page; routeOf: Map<string, string> }> {
  const routes = (await readdir(join(out, 'site/api', service), { recursive: true }))
    .filter((f) => f.endsWith('index.html') && !f.startsWith('changelog'))
    .map((f) => `/api/${service}/${f.replace(/index\.html$/, '')}`)
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const pages = await Promise.all(routes.map((route) => page(route)));
  // A long page's sections past its fold are stubs: each is read from its fragment, as a reader's client does.
  for (const p of pages) await fillStubs(p);
  const routeOf = new Map<string, string>();
  pages.forEach((p, i) =>
    p
      .all('section.api-operation, .api-model')
      .forEach((el) => routeOf.set(String(el.properties.id), routes[i] as string)),
  );
  return {
    overview: pages[0] as Page,
    p: new Page({ type: 'root', children: pages.flatMap((p) => p.tree.children) }),
    routeOf,
  };
}

/** Puts in place of every stub of `p` the whole section its fragment file holds. */
async function fillStubs(p: Page): Promise<void> {
  for (const stub of p.all('section.api-stub')) {
    const fragment = new Page(fromHtml(await readFile(join(out, 'site', String(stub.properties.dataApiPart)), 'utf8')));
    const whole = fragment.one('.api-part-body > section');
    assert.ok(whole, `${String(stub.properties.dataApiPart)} holds a section`);
    stub.properties = whole.properties;
    stub.children = whole.children;
  }
}

describe('the real site, built from site-config.yaml, route by route against its expected routes', () => {
  before(async () => {
    ({ out } = await buildRealSite());
  });

  test('each API reference has every operation of its contract at id=<operationId>, under its tag, and every schema at its own anchor', async () => {
    for (const service of SERVICES) {
      const file = join('openapi', service, '3.1.0-SNAPSHOT.yaml');
      const contract = parse(await readFile(file, 'utf8')) as {
        paths: Record<string, Record<string, { operationId: string; tags: string[]; deprecated?: boolean }>>;
        components?: { schemas?: Record<string, unknown> };
      };
      // A reference too large for one page is split (issue 26): its sections are looked for on every page.
      const { overview, p, routeOf } = await wholeReference(service);
      let operations = 0;
      for (const [path, item] of Object.entries(contract.paths)) {
        for (const [method, op] of Object.entries(item)) {
          if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
          operations++;
          const section = p.one(`section.api-operation[id="${op.operationId}"]`);
          assert.ok(section, `${service}: ${op.operationId} has no section`);
          const home = routeOf.get(op.operationId);
          if (home !== `/api/${service}/`)
            assert.equal(
              overview.attr(`[id="${op.operationId}"]`, 'dataMovedTo'),
              `${home}#${op.operationId}`,
              `${service}: the overview leads to ${op.operationId}`,
            );
          const inside = new Page({ type: 'root', children: [section] });
          assert.equal(inside.text('.api-endpoint .method-badge'), method.toUpperCase(), op.operationId);
          assert.equal(inside.text('.api-path'), path, op.operationId);
          assert.equal(
            inside.all('.api-operation-title .badge-deprecated').length,
            op.deprecated ? 1 : 0,
            `${op.operationId}: deprecated badge`,
          );
          assert.deepEqual(
            inside.all('.api-samples .code-block-title').map(textOf),
            ['curl', 'TypeScript', 'Python', 'Go', 'Java'],
            op.operationId,
          );
        }
      }
      assert.equal(p.all('section.api-operation').length, operations, `${service}: one section per operation`);
      assert.deepEqual(
        p
          .all('.api-model')
          .map((m) => m.properties.id)
          .sort(),
        Object.keys(contract.components?.schemas ?? {})
          .map((n) => `schema-${n}`)
          .sort(),
        service,
      );
      assert.equal(
        p.attr('.api-layout', 'style'),
        '--api-primary:#1890ff',
        `${service}: the configured primary colour`,
      );
      assert.deepEqual(
        overview.links('.api-downloads').map((l) => l.href),
        [`/api/${service}/openapi.yaml`, `/api/${service}/openapi.json`],
      );
      assert.equal(
        await readFile(join(out, 'site/api', service, 'openapi.yaml'), 'utf8'),
        await readFile(file, 'utf8'),
        `${service}: the YAML download is the contract as written`,
      );
      assert.deepEqual(
        JSON.parse(await readFile(join(out, 'site/api', service, 'openapi.json'), 'utf8')),
        contract,
        `${service}: the JSON download is the same document`,
      );
    }
  });

  test('reference details: roles per operation and per role, streams, parameters, shared responses, typed samples', async () => {
    const { overview, p: datasource } = await wholeReference('datasource');
    assert.ok(overview.all('#api-roles tbody tr').length >= 1, 'the overview lists the roles');
    assert.match(overview.text('#api-authentication') ?? '', /OpenID Connect/);
    const roles = datasource.all('section.api-operation .api-roles-line').map(textOf);
    assert.ok(
      roles.filter((r) => /^Roles: k9-admin$/.test(r)).length > 100,
      'administrative operations name their role',
    );
    assert.ok(
      roles.every((r) => /^(Roles: k9-|Authentication: OpenID Connect$)/.test(r)),
      'the others say how to authenticate',
    );
    const { p: rag } = await wholeReference('rag');
    assert.match(rag.text('#streamChat .api-response') ?? '', /text\/event-stream\s*stream/);
    assert.match(rag.text('#api-authentication') ?? '', /HTTP bearer token/);
    const chat = rag.all('#streamChat .api-samples pre').map(textOf);
    assert.match(chat[0] ?? '', /^curl -X POST 'https:\/\/<gateway-host>\/api\/rag\/chat' /);
    assert.match(chat[1] ?? '', /^import type \{ ChatRequest \} from '@openk9\/api-types\/rag';/);
    for (const section of rag.all('section.api-operation'))
      assert.ok(new Page({ type: 'root', children: [section] }).all('.api-response').length > 0);
  });

  test("every field where it is used: getBucket's 200 lists its allOf parts' fields, the chat body all of its own", async () => {
    // Rows a reader sees without a click: inside no closed `<details>` of the part.
    const shown = (part: Element): string[] => {
      const names: string[] = [];
      const walk = (node: Element, closed: boolean): void => {
        if (((node.properties.className as string[] | undefined) ?? []).includes('schema-row') && !closed)
          names.push(new Page({ type: 'root', children: [node] }).text('.schema-property-name') ?? '');
        const shut = closed || (node.tagName === 'details' && node.properties.open === undefined);
        for (const child of node.children) if (child.type === 'element') walk(child, shut);
      };
      walk(part, false);
      return names;
    };
    const { p: datasource } = await wholeReference('datasource');
    const bucket = shown(datasource.one('#getBucket .api-response.status-2 .schema-tree') as Element);
    for (const name of ['id', 'createDate', 'modifiedDate', 'name', 'refreshOnTab', 'enabled'])
      assert.ok(bucket.includes(name), `getBucket's 200 shows ${name}: ${bucket.join(' ')}`);
    const { p: rag } = await wholeReference('rag');
    const contract = parse(await readFile('openapi/rag/3.1.0-SNAPSHOT.yaml', 'utf8')) as {
      components: { schemas: { ChatRequest: { properties: Record<string, unknown> } } };
    };
    const body = rag.all('#streamChat .api-block').find((b) => /^Request body/.test(textOf(b))) as Element;
    assert.deepEqual(shown(body), Object.keys(contract.components.schemas.ChatRequest.properties));
    assert.doesNotMatch(textOf(body), /Every property is listed/);
    await withSiteInBrowser(join(out, 'site'), '/', async (browser, origin) => {
      const tab = await browser.newPage();
      await tab.goto(`${origin}/api/datasource/buckets/#getBucket`);
      // The response's own rows, not those of nested levels (a closed level would hide them).
      const row = tab.locator(
        '#getBucket .api-response.status-2 .api-media > .schema-tree > .schema-rows > .schema-row > .schema-row-head > .schema-property-name',
        { hasText: /^createDate$/ },
      );
      // Its part of the page may still be on its way (loaded as the reader reaches it); no click is needed.
      await row.waitFor({ state: 'visible', timeout: 10_000 });
      assert.equal(await row.isVisible(), true, 'createDate is visible without a click');
    });
  });

  test('the /docs/api/ pages introduce each service and link to its reference', async () => {
    for (const service of SERVICES) {
      const p = await page(`/docs/api/api-${service}/`);
      assert.ok(
        p.links('article .markdown').some((l) => l.href === `/api/${service}/`),
        `${service}: links to its reference`,
      );
    }
  });
});
