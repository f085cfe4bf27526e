import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Element } from 'hast';
import { build } from '../generator/commands/build.js';
import { validate } from '../generator/commands/validate.js';
import { formatReport } from '../generator/diagnostics/format.js';
import { Page, textOf } from './html.js';
import { runCli, tempDir } from './helpers.js';

const CLEAN = 'test/fixtures/sites/contract-components-clean';
const BROKEN = 'test/fixtures/sites/contract-refs';

/** The field table of the `<Schema>` block captioned `name`, row by row; `details` are the description and each fact line. */
function fieldRows(
  page: Page,
  name: string,
): Array<{ field: string; required: string; type: string; details: string[] }> {
  const block = blockNamed(page, '.contract-schema', name);
  return new Page({ type: 'root', children: [block] }).all('tbody tr').map((row) => {
    const view = new Page({ type: 'root', children: [row] });
    const cells = view.all('th, td');
    return {
      field: view.text('th code') ?? '',
      required: view.text('th span') ?? '',
      type: textOf(cells[1] as Element),
      details: new Page({ type: 'root', children: [cells[2] as Element] })
        .all('.contract-field-description, .contract-fact')
        .map(textOf),
    };
  });
}

function blockNamed(page: Page, selector: string, name: string): Element {
  const block = page
    .all(selector)
    .find((b) => textOf(new Page({ type: 'root', children: [b] }).one('.contract-caption code') as Element) === name);
  assert.ok(block, `no ${selector} block for ${name}`);
  return block;
}

describe('contract components in MDX: <Schema>, <Operation>, <EnumValues>', () => {
  let doc: Page;
  let api: Page;
  before(async () => {
    const out = await tempDir('contract-components');
    const result = await build({ config: join(CLEAN, 'site-config.yaml'), out, strict: true });
    assert.deepEqual(result.diagnostics, []);
    doc = await Page.read(join(out, 'site/docs/intro/index.html'));
    api = await Page.read(join(out, 'site/api/shop/index.html'));
  });

  test("<Schema> is the entity's field table: name, required, type, default, values, constraints, description", () => {
    assert.deepEqual(fieldRows(doc, 'NewPet'), [
      {
        field: 'name',
        required: 'required',
        type: 'string',
        details: ["The pet's name.", 'minLength: 1 · maxLength: 40'],
      },
      { field: 'status', required: 'required', type: 'PetStatus', details: ['One of "available", "pending", "sold"'] },
      {
        field: 'tags',
        required: 'optional',
        type: 'array of PetStatus',
        details: ['Statuses the pet went through.', 'One of "available", "pending", "sold"'],
      },
      { field: 'weight', required: 'optional', type: 'number', details: ['Weight in kilograms.', 'Default 1', '≥ 0'] },
      { field: 'nickname', required: 'optional', type: 'string or null', details: ['A second name, or null.'] },
    ]);
    const newPet = new Page({ type: 'root', children: [blockNamed(doc, '.contract-schema', 'NewPet')] });
    assert.equal(newPet.text('.contract-description'), 'A pet as the shop receives it.');
    // The contract's Markdown is rendered (and sanitized) as in the reference.
    assert.equal(newPet.text('tbody tr:first-child strong'), 'name');
    assert.match(newPet.text('.contract-schema > .contract-fact') ?? '', /^No other fields are allowed\.$/);
  });

  test('an allOf entity lists the fields of the entity it extends, then its own, and links that entity', () => {
    const rows = fieldRows(doc, 'Pet');
    // The model merges `allOf` (issue 41): NewPet's fields are Pet's too, in place.
    assert.deepEqual(
      rows.map((r) => r.field),
      [...fieldRows(doc, 'NewPet').map((r) => r.field), 'id'],
    );
    assert.deepEqual(rows.at(-1), {
      field: 'id',
      required: 'required',
      type: 'integer<int64>read-only',
      details: ['Assigned by the shop.'],
    });
    const pet = new Page({ type: 'root', children: [blockNamed(doc, '.contract-schema', 'Pet')] });
    assert.deepEqual(pet.links('.contract-includes'), [
      { text: 'NewPet', href: '/api/shop/#schema-NewPet', label: undefined, target: undefined },
    ]);
  });

  test('<EnumValues> lists the values with the default marked; inside a sentence it is an inline list', () => {
    const block = new Page({ type: 'root', children: [blockNamed(doc, '.contract-enum', 'PetStatus')] });
    assert.deepEqual(block.all('.contract-enum-values li').map(textOf), ['"available"default', '"pending"', '"sold"']);
    const inline = doc.all('p .contract-enum-inline');
    assert.equal(inline.length, 1);
    assert.equal(textOf(inline[0] as Element), '"available", "pending", "sold"');
  });

  test('<Operation> is a card with method, path, summary and roles; inside a sentence it is a link', () => {
    const card = doc.one('.contract-operation');
    assert.ok(card);
    const view = new Page({ type: 'root', children: [card] });
    assert.equal(view.text('.method-badge'), 'POST');
    assert.equal(view.text('.api-path'), '/pets');
    assert.equal(view.text('.contract-operation-summary'), 'Add a pet to the shop · Shop API');
    assert.equal(view.text('.contract-operation-roles'), 'Roles: ADMIN, CLERK');
    assert.equal(view.attr('.contract-operation-link', 'href'), '/api/shop/#createPet');
    const inline = doc.all('p > a.contract-operation-inline');
    assert.equal(inline.length, 1);
    assert.equal(textOf(inline[0] as Element), 'GET /pets/{petId}');
    assert.equal(inline[0]?.properties.href, '/api/shop/#getPet');
    // A card is never put inside a paragraph, which HTML would break apart.
    assert.equal(doc.all('p div').length, 0);
  });

  test('every link of a component leads to an anchor the reference page has', () => {
    const hrefs = [
      ...new Set(
        doc
          .all('.contract-block a, a.contract-operation-inline, .contract-enum-inline a')
          .map((a) => String(a.properties.href)),
      ),
    ].sort();
    assert.deepEqual(hrefs, [
      '/api/shop/#createPet',
      '/api/shop/#getPet',
      '/api/shop/#schema-NewPet',
      '/api/shop/#schema-Pet',
      '/api/shop/#schema-PetStatus',
    ]);
    for (const href of hrefs)
      assert.ok(api.one(`[id="${href.split('#')[1]}"]`), `${href} is not an anchor of /api/shop/`);
  });

  test('the page follows the contract: a new enum value and a renamed summary appear on the next build', async () => {
    const dir = await tempDir('contract-drift');
    await cp(CLEAN, dir, { recursive: true });
    const spec = join(dir, 'openapi/shop/1.0.0.yaml');
    const text = await readFile(spec, 'utf8');
    await writeFile(
      spec,
      text
        .replace('enum: [available, pending, sold]', 'enum: [available, pending, sold, reserved]')
        .replace('summary: Add a pet to the shop', 'summary: Register a pet'),
    );
    const out = await tempDir('contract-drift-out');
    const result = await build({ config: join(dir, 'site-config.yaml'), out, strict: true });
    assert.deepEqual(result.diagnostics, []);
    const page = await Page.read(join(out, 'site/docs/intro/index.html'));
    assert.equal(page.text('.contract-enum-inline'), '"available", "pending", "sold", "reserved"');
    assert.equal(page.text('.contract-operation-summary'), 'Register a pet · Shop API');
  });
});

describe('content checks in specsite validate', () => {
  test('validate reports the contract references and tagged examples exactly as build does', async () => {
    const config = join(BROKEN, 'site-config.yaml');
    const checked = await validate([], { config });
    const built = await build({ config, out: await tempDir('contract-refs'), strict: false });
    assert.equal(checked.pages, 2);
    assert.ok(checked.diagnostics.length >= 15);
    assert.deepEqual(checked.diagnostics, built.diagnostics);
  });

  test("the CLI exits 1 with one located line per problem, the tagged example's at the offending value", async () => {
    const run = await runCli(['validate', '--config', join(BROKEN, 'site-config.yaml')]);
    assert.equal(run.code, 1);
    const lines = run.stdout.split('\n');
    const intro = `${BROKEN}/content/docs/intro.mdx`;
    // `"name": 42` is on line 30 of the page, its column 3 where the key starts.
    assert.ok(
      lines.includes(
        `${intro}:30:3 error [example-schema] the example does not match shop#NewPet: /name must be string`,
      ),
      run.stdout,
    );
    assert.ok(
      lines.includes(
        `${intro}:14:45 error [contract-ref] the shop contract has no operation with operationId "createPets"; did you mean "createPet"?`,
      ),
      run.stdout,
    );
    assert.match(run.stdout, /validated 1 document and 2 pages: 15 errors, 1 warning/);
    assert.equal(run.stderr, '');
  });

  test('a page without a description is a warning, which rules: can make an error or silence', async () => {
    const dir = await tempDir('page-description');
    await cp(BROKEN, dir, { recursive: true });
    await writeFile(
      join(dir, 'content/docs/intro.mdx'),
      '---\ntitle: Fine\ndescription: A described page.\n---\n\nText.\n',
    );
    const config = join(dir, 'site-config.yaml');
    const warned = await validate([], { config });
    assert.deepEqual(
      warned.diagnostics.map((d) => `${d.severity} ${d.rule} ${d.line}:${d.column}`),
      ['warning page-description 1:1'],
    );
    const strict = await validate([], { config, rules: { 'page-description': 'error' } });
    assert.deepEqual(
      strict.diagnostics.map((d) => `${d.severity} ${d.rule}`),
      ['error page-description'],
    );
    const silent = await validate([], { config, rules: { 'page-description': 'off' } });
    assert.deepEqual(silent.diagnostics, []);
    assert.match(
      formatReport(warned.diagnostics, 'text', 'validated'),
      /undescribed\.mdx:1:1 warning \[page-description\]/,
    );
  });
});
