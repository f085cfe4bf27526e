import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { didYouMean } from '../generator/diagnostics/did-you-mean.js';
import { runMain, tempDir } from './helpers.js';

// Every name a user can mistype is answered with the nearest right one (issue 44, item 4).

const CONTRACT = `openapi: 3.1.0
info: { title: Shop, version: 1.0.0 }
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200': { description: ok }
components:
  schemas:
    Pet: { type: object, properties: { name: { type: string } } }
`;

const CONFIG = `title: Suggestions
navbar:
  items:
    - { type: doc, label: Start, docId: start }
apis:
  - id: shop
    spec: ./shop.yaml
`;

const START = `---
title: Start
description: Where to begin.
---

<Schema service="shop" name="Pet" />
`;

/** `validate` on a project made of the defaults above with `files` over them; its lines, paths made relative. */
async function validate(files: Record<string, string>): Promise<string[]> {
  const dir = await tempDir('suggest');
  const all = { 'site-config.yaml': CONFIG, 'shop.yaml': CONTRACT, 'content/docs/start.mdx': START, ...files };
  for (const [path, text] of Object.entries(all)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  const run = await runMain(['validate', '-c', join(dir, 'site-config.yaml')]);
  assert.equal(run.stderr, '');
  return run.stdout
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('validated '))
    .map((line) => line.split(`${dir}/`).join(''));
}

describe('did you mean: a suggestion wherever a name can be mistyped', () => {
  test('the helper: the nearest names (case ignored), the list when asked and short, else nothing', () => {
    assert.equal(didYouMean('tocc', ['toc', 'title', 'tagline']), '; did you mean "toc"?');
    assert.equal(didYouMean('PETS', ['Pet', 'Order']), '; did you mean "Pet"?');
    assert.equal(didYouMean('zzzzzz', ['toc', 'title']), '');
    assert.equal(didYouMean('zzzzzz', ['toc', 'title'], 'the keys are'), '; the keys are: title, toc');
  });

  test('config keys, at the top and nested', async () => {
    assert.deepEqual(await validate({ 'site-config.yaml': `${CONFIG}tocc:\n  minHeadingLevel: 2\n` }), [
      'site-config.yaml:8:1 error [config-unknown-key] unknown key "tocc"; did you mean "toc"? (at #/tocc)',
    ]);
    assert.deepEqual(await validate({ 'site-config.yaml': `${CONFIG}toc:\n  minHeadingLvel: 2\n` }), [
      'site-config.yaml:9:3 error [config-unknown-key] unknown key "minHeadingLvel"; did you mean "minHeadingLevel"? (at #/toc/minHeadingLvel)',
    ]);
    assert.deepEqual(
      await validate({
        'site-config.yaml': CONFIG.replace(
          '{ type: doc, label: Start, docId: start }',
          '{ type: doc, lable: Start, docId: start }',
        ),
      }),
      [
        'site-config.yaml:4:20 error [config-unknown-key] unknown key "lable"; did you mean "label"? (at #/navbar/items/0/lable)',
      ],
    );
  });

  test('enum values and navbar item types', async () => {
    assert.deepEqual(await validate({ 'site-config.yaml': `${CONFIG}colorMode:\n  defaultMode: drak\n` }), [
      'site-config.yaml:9:16 error [config-invalid] invalid option: expected one of "light"|"dark"; did you mean "dark"? (at #/colorMode/defaultMode)',
    ]);
    assert.deepEqual(await validate({ 'site-config.yaml': CONFIG.replace('type: doc,', 'type: dco,') }), [
      'site-config.yaml:4:15 error [navbar-item-type] No NavbarItem component found for type "dco"; known types: docSidebar, doc, link, dropdown, localeDropdown, iconLink; did you mean "doc"? (at #/navbar/items/0/type)',
    ]);
  });

  test('rule ids, in the config and on the command line', async () => {
    assert.deepEqual(await validate({ 'site-config.yaml': `${CONFIG}rules:\n  example-vaild: error\n` }), [
      'site-config.yaml:9:3 error [config-unknown-key] unknown rule "example-vaild"; did you mean "example-valid"? (at #/rules/example-vaild)',
    ]);
    const run = await runMain(['validate', '--rule', 'voise=off']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /unknown rule "voise"; did you mean "voice"\?/);
  });

  test('doc ids (the navbar, a folder link) and front-matter keys', async () => {
    assert.deepEqual(
      await validate({
        'site-config.yaml': CONFIG.replace('docId: start', 'docId: strat'),
        'content/docs/guide/_category_.yaml': 'label: Guide\nlink: guide/overveiw\n',
        'content/docs/guide/overview.mdx': '---\ntitle: Overview\ndescription: The guide.\nsidebar_lable: Guide\n---\n',
      }),
      [
        'content/docs/guide/_category_.yaml:1:1 error [sidebar-doc] "link" names doc "guide/overveiw", but no page has that id; did you mean "guide/overview"?',
        'content/docs/guide/overview.mdx:4:1 error [front-matter] unknown key "sidebar_lable"; did you mean "sidebar_label"? (at #/sidebar_lable)',
        'site-config.yaml:4:41 error [navbar-item] navbar item "Start" cannot be rendered: no docs page has the id "strat"; did you mean "start"? (at #/navbar/items/0/docId)',
      ],
    );
  });

  test('a mistyped required key is one line, not also a missing key', async () => {
    assert.deepEqual(await validate({ 'content/docs/start.mdx': START.replace('title: Start', 'titel: Start') }), [
      'content/docs/start.mdx:2:1 error [front-matter] unknown key "titel"; did you mean "title"? (at #/titel)',
    ]);
  });

  test('API ids and the names in a contract', async () => {
    assert.deepEqual(
      await validate({
        'content/docs/start.mdx': START.replace('service="shop" name="Pet"', 'service="shpo" name="Pet"'),
      }),
      ['content/docs/start.mdx:6:1 error [contract-ref] no API has the id "shpo"; did you mean "shop"?'],
    );
    assert.deepEqual(await validate({ 'content/docs/start.mdx': START.replace('name="Pet"', 'name="pets"') }), [
      'content/docs/start.mdx:6:1 error [contract-ref] the shop contract has no schema "pets"; did you mean "Pet"?',
    ]);
  });
});
