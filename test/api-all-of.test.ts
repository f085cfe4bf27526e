import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Element } from 'hast';
import { build, type BuildResult } from '../generator/commands/build.js';
import { Page, textOf } from './html.js';
import { tempDir } from './helpers.js';

const ref = (name: string): Record<string, string> => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown): Record<string, unknown> => ({ content: { 'application/json': { schema } } });
const get = (operationId: string, schema: unknown): Record<string, unknown> => ({
  get: { operationId, responses: { '200': { description: 'OK', ...json(schema) } } },
});

/** allOf of a named part, an inline part with a nested allOf, two definitions of one property, and cycles. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Merge', version: '1.0.0' },
  paths: {
    '/things': get('getThing', ref('Thing')),
    '/loops': get('getLoop', ref('Loop')),
    '/pairs': get('getPair', ref('Ping')),
    '/inline': get('getInline', { allOf: [ref('Audit'), { properties: { note: { type: 'string' } } }] }),
    // A body whose first level alone outweighs the budget of the closed levels.
    '/wide': get('getWide', {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 150 }, (_, i) => [`field${i}`, { type: 'string', description: `Field ${i}.` }]),
      ),
    }),
  },
  components: {
    schemas: {
      Audit: {
        type: 'object',
        description: 'Fields of every entity.',
        required: ['id'],
        properties: { id: { type: 'integer' }, createDate: { type: 'string', format: 'date-time' } },
      },
      Thing: {
        description: 'A thing.',
        allOf: [
          ref('Audit'),
          {
            type: 'object',
            required: ['name', 'createDate'],
            properties: { name: { type: 'string', maxLength: 10 } },
            allOf: [{ properties: { deep: { type: 'boolean' } } }],
          },
          { properties: { name: { type: 'string', minLength: 1, description: 'The later definition.' } } },
        ],
      },
      // A part that is the schema itself, and two schemas each made of the other.
      Loop: { allOf: [ref('Loop'), { properties: { x: { type: 'string' } } }] },
      Ping: { allOf: [ref('Pong')], properties: { ping: { type: 'string' } } },
      Pong: { allOf: [ref('Ping')], properties: { pong: { type: 'string' } } },
    },
  },
};

/** The rows of a schema tree a reader sees without a click: not inside a closed `<details>`. */
function shownRows(root: Element): Array<{ name: string; required: boolean; from: string }> {
  const rows: Array<{ name: string; required: boolean; from: string }> = [];
  const walk = (node: Element, closed: boolean): void => {
    const classes = (node.properties.className as string[] | undefined) ?? [];
    if (classes.includes('schema-row') && !closed) {
      const row = new Page({ type: 'root', children: [node] });
      const head = new Page({ type: 'root', children: [row.one('.schema-row-head') as Element] });
      rows.push({
        name: head.text('.schema-property-name') ?? '',
        required: head.all('.required').length === 1,
        from: head.text('.schema-from') ?? '',
      });
    }
    const shut = closed || (node.tagName === 'details' && node.properties.open === undefined);
    for (const child of node.children) if (child.type === 'element') walk(child, shut);
  };
  walk(root, false);
  return rows;
}

describe('allOf merged into one property list', () => {
  let result: BuildResult;
  let page: Page;
  before(async () => {
    const dir = await tempDir('api-all-of');
    await writeFile(join(dir, 'merge.json'), JSON.stringify(DOCUMENT));
    await writeFile(join(dir, 'site-config.yaml'), 'title: Merge\napis:\n  - { id: merge, spec: merge.json }\n');
    const out = join(dir, 'out');
    result = await build({ config: join(dir, 'site-config.yaml'), out, strict: false });
    page = await Page.read(join(out, 'site/api/merge/index.html'));
  });

  test('builds without errors (the cycles end)', () => {
    assert.deepEqual(
      result.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
  });

  test("a response lists every part's properties in order, with no box to open, the named part's noted", () => {
    const tree = page.one('#getThing .api-response .schema-tree') as Element;
    assert.deepEqual(shownRows(tree), [
      { name: 'id', required: true, from: 'from Audit' },
      { name: 'createDate', required: true, from: 'from Audit' },
      { name: 'name', required: true, from: '' },
      { name: 'deep', required: false, from: '' },
    ]);
    const view = new Page({ type: 'root', children: [tree] });
    assert.equal(view.all('.schema-variants').length, 0, 'no "All of" list');
    assert.deepEqual(
      view.links('.schema-from').map((l) => l.href),
      ['/api/merge/#schema-Audit', '/api/merge/#schema-Audit'],
    );
    // Two definitions of `name`: the later one's words, both constraints, one type.
    const name = view.all('.schema-row').find((r) => textOf(r).startsWith('name')) as Element;
    assert.match(textOf(name), /^name string\s*maxLength: 10\s*minLength: 1\s*required\s*The later definition\.$/);
    // The merged object is an object; the named part's own description stays on its own section.
    assert.equal(view.text('.schema-tree > .schema-type code'), 'object');
    assert.doesNotMatch(textOf(tree), /Fields of every entity/);
  });

  test("the model's own section shows the merged list with the same notes", () => {
    const section = page.one('#schema-Thing') as Element;
    const view = new Page({ type: 'root', children: [section] });
    assert.deepEqual(view.all('.schema-properties > li > .schema-property-name').map(textOf), [
      'id',
      'createDate',
      'name',
      'deep',
    ]);
    assert.deepEqual(view.all('.schema-from').map(textOf), ['from Audit', 'from Audit']);
  });

  test('an inline allOf in an operation is merged too', () => {
    const tree = page.one('#getInline .api-response .schema-tree') as Element;
    assert.deepEqual(
      shownRows(tree).map((r) => `${r.name} ${r.from}`.trim()),
      ['id from Audit', 'createDate from Audit', 'note'],
    );
  });

  test('every first-level property is listed, whatever the budget; none replaced by a link to a model', () => {
    const tree = page.one('#getWide .api-response .schema-tree') as Element;
    assert.deepEqual(
      shownRows(tree).map((r) => r.name),
      Array.from({ length: 150 }, (_, i) => `field${i}`),
    );
    assert.doesNotMatch(textOf(tree), /more properties|Every property/);
  });

  test('a part leading back to the schema is kept as a circular link, the rest merged', () => {
    const loop = page.one('#getLoop .api-response .schema-tree') as Element;
    assert.deepEqual(
      shownRows(loop).map((r) => r.name),
      ['x'],
    );
    const view = new Page({ type: 'root', children: [loop] });
    assert.equal(view.all('.badge-cycle').length, 1);
    const ping = page.one('#getPair .api-response .schema-tree') as Element;
    assert.deepEqual(
      shownRows(ping).map((r) => `${r.name} ${r.from}`.trim()),
      ['ping', 'pong from Pong'],
    );
  });
});
