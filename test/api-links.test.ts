import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { build, type BuildResult } from '../generator/commands/build.js';
import { readPage } from './api-pages-helpers.js';
import { tempDir } from './helpers.js';
import { textOf } from './html.js';

/** Moving between references: the switcher on every reference page, and each reference's guide. */

function contract(title: string, operationId: string): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title, version: '1.0.0' },
    paths: {
      [`/${operationId}`]: { get: { operationId, summary: title, responses: { '200': { description: 'OK' } } } },
    },
  };
}

/** Three APIs: alpha has a guide at the default route, beta one configured elsewhere, gamma none. */
async function site(prefix: string, betaGuide: string): Promise<{ result: BuildResult; site: string }> {
  const dir = await tempDir(prefix);
  await mkdir(join(dir, 'openapi'));
  await mkdir(join(dir, 'content/docs/api'), { recursive: true });
  const titles = { alpha: 'Alpha API', beta: 'Beta API', gamma: 'Gamma API' };
  for (const [id, title] of Object.entries(titles))
    await writeFile(join(dir, `openapi/${id}.json`), JSON.stringify(contract(title, `get${id}`)));
  await writeFile(join(dir, 'content/docs/api/api-alpha.mdx'), '---\ntitle: Alpha guide\n---\n\nHow to call alpha.\n');
  await writeFile(join(dir, 'content/docs/beta-howto.mdx'), '---\ntitle: Beta guide\n---\n\nHow to call beta.\n');

  await writeFile(
    join(dir, 'site-config.yaml'),
    [
      'title: Links',
      'apis:',
      '  - { id: alpha, spec: openapi/alpha.json }',
      `  - { id: beta, spec: openapi/beta.json, guide: ${betaGuide} }`,
      '  - { id: gamma, spec: openapi/gamma.json }',
      '',
    ].join('\n'),
  );
  const out = join(dir, 'out');
  const result = await build({ config: join(dir, 'site-config.yaml'), out, strict: false });
  return { result, site: join(out, 'site') };
}

describe('moving between API references', () => {
  let built: { result: BuildResult; site: string };
  before(async () => {
    built = await site('api-links', '/docs/beta-howto/');
  });

  test('every reference page has a switcher listing every reference, itself marked current', async () => {
    for (const id of ['alpha', 'beta', 'gamma']) {
      const page = await readPage(built.site, `api/${id}`);
      assert.deepEqual(
        page.links('.api-sidebar .api-switcher .dropdown-menu').map((l) => [l.text, l.href]),
        [
          ['Alpha API', '/api/alpha/'],
          ['Beta API', '/api/beta/'],
          ['Gamma API', '/api/gamma/'],
        ],
      );
      assert.equal(page.attr('.api-switcher [aria-current="page"]', 'href'), `/api/${id}/`);
      assert.equal(page.text('.api-switcher > summary'), `${id.charAt(0).toUpperCase()}${id.slice(1)} API`);
    }
  });

  test('a reference links to its guide: the default docs route when a page is there, else the configured one, else none', async () => {
    const guide = async (id: string) => (await readPage(built.site, `api/${id}`)).attr('.api-guide-link', 'href');
    assert.equal(await guide('alpha'), '/docs/api/api-alpha/');
    assert.equal(await guide('beta'), '/docs/beta-howto/');
    assert.equal(await guide('gamma'), undefined);
    const alpha = await readPage(built.site, 'api/alpha');
    assert.equal(textOf(alpha.one('.api-guide-link')!), 'Read the guide');
    assert.deepEqual(
      built.result.diagnostics.filter((d) => d.rule === 'api-guide'),
      [],
    );
  });

  test('a configured guide that is no docs page is an error at the config’s value', async () => {
    const broken = await site('api-links-broken', '/docs/nowhere/');
    const found = broken.result.diagnostics.filter((d) => d.rule === 'api-guide');
    assert.equal(found.length, 1);
    assert.equal(found[0]?.severity, 'error');
    assert.match(found[0]?.file ?? '', /site-config\.yaml$/);
    assert.equal(found[0]?.line, 4);
    assert.ok((found[0]?.column ?? 0) > 40, `at the guide's value (column ${found[0]?.column})`);
    assert.match(found[0]?.message ?? '', /beta API, \/docs\/nowhere\/, is not a docs page/);
  });

  test('a guide of false turns the link off', async () => {
    const off = await site('api-links-off', 'false');
    assert.equal((await readPage(off.site, 'api/beta')).attr('.api-guide-link', 'href'), undefined);
    assert.equal((await readPage(off.site, 'api/alpha')).attr('.api-guide-link', 'href'), '/docs/api/api-alpha/');
  });
});
