import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { machineKey } from '../generator/cache/machine-key.js';
import { fitsKind, type CacheKind } from '../generator/cache/shapes.js';
import { cacheEntries, readEntry, writeEntry } from './cache-entries.js';
import { runCli } from './helpers.js';
import { project } from './hostile-parsing-helpers.js';

describe('hostile parsing: the build cache', () => {
  /** Every file under `dir`, by relative path. */
  async function snapshot(dir: string): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) {
        const path = join(entry.parentPath, entry.name);
        out.set(relative(dir, path), (await readFile(path)).toString('base64'));
      }
    }
    return out;
  }

  /** A value of the wrong shape for each kind, and garbage that is not even V8's format. */
  const WRONG: Record<CacheKind, unknown> = {
    yaml: 'not a document',
    contracts: [
      { file: 'openapi/pets.yaml', line: 1, column: 1, severity: 'fatal', rule: 'oas-schema', message: 'forged' },
      { nonsense: true },
    ],
    types: { declarations: 'export declare const forged: 1;' },
    pages: {
      tree: '{}',
      treeHash: 'x',
      anchors: [],
      toc: [],
      links: [],
      diagnostics: 'none',
      routes: [],
      images: [],
      contracts: null,
    },
    reference: { pages: [{ route: '/forged/' }], files: [['forged.json', 1]] },
    samples: { forged: 1 },
    html: { html: '<script>forged()</script>' },
    'llms-txt': ['# Forged'],
    navbar: 'yes',
    client: { js: 'forged()' },
    markdown: { markdown: '# Forged', links: [{ url: 'https://forged.example/', at: { line: 'one' } }] },
    search: [['site/pagefind/pagefind.js', 'forged()']],
    'search-api': [{ url: '/forged/', content: 'forged', meta: { title: 'forged' }, filters: {} }],
    'search-units': { items: [['key', '/forged/']], files: [['pagefind.js', 'forged()']] },
    output: { settings: '{}', templates: '', dated: null, entries: [['site', 'folder', 1, 2, 3, 4]] },
  };

  test('no kind takes the wrong shape of any other', () => {
    for (const kind of Object.keys(WRONG) as CacheKind[]) {
      assert.equal(fitsKind(kind, WRONG[kind]), false, kind);
      for (const value of [undefined, null, 0, false])
        assert.equal(fitsKind(kind, value), false, `${kind}: ${JSON.stringify(value)}`);
    }
    assert.equal(fitsKind('client', { js: 'a', css: 'b' }), true);
  });

  test('entries of the wrong shape (signed), or garbage, in every kind: the build is the same as without a cache, with 0 errors and one warning', async () => {
    const dir = await project({
      'site-config.yaml': [
        'title: Cached',
        'navbar: { items: [{ type: link, label: Pets, to: /pets/ }] }',
        'announcementBar: { id: a, content: "Hello **there**" }',
        'apis:',
        '  - { id: pets, spec: openapi/pets.yaml }',
        '',
      ].join('\n'),
      'openapi/pets.yaml': [
        'openapi: 3.0.3',
        'info: { title: Pets, version: 1.0.0 }',
        'paths:',
        '  /pets:',
        '    get:',
        '      operationId: listPets',
        '      responses:',
        "        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }",
        'components:',
        '  schemas:',
        '    Pet: { type: object, required: [name], properties: { name: { type: string } } }',
        '',
      ].join('\n'),
      'content/docs/index.mdx':
        '---\ntitle: Home\ndescription: The home page.\n---\n\n# Home\n\nSee [the pets](/pets/).\n',
    });
    const fresh = await runCli(['build', '--no-cache'], dir);
    assert.equal(fresh.code, 0, fresh.stdout + fresh.stderr);
    const expected = await snapshot(join(dir, 'out'));

    const first = await runCli(['build'], dir);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const cacheDir = join(dir, '.cache/specsite');
    const kinds = (await readdir(cacheDir, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name as CacheKind);
    // (The client comes prebuilt with specsite, so a build writes no entry for it.)
    for (const kind of [
      'yaml',
      'contracts',
      'types',
      'pages',
      'reference',
      'html',
      'navbar',
      'search',
      'search-api',
      'search-units',
      'output',
    ] as const)
      assert.ok(kinds.includes(kind), `a build writes ${kind} entries`);
    // What a build writes fits its kind, or every build would miss.
    const secret = machineKey();
    assert.ok(secret);
    let entries = 0;
    for (const entry of await cacheEntries(cacheDir)) {
      assert.ok(fitsKind(entry.kind, await readEntry(entry, secret)), `${entry.kind}/${entry.key} fits its kind`);
      // Every other entry gets garbage instead of the wrong shape: signed or not, neither is used.
      if (entries++ % 2 === 0) await writeEntry(entry, secret, WRONG[entry.kind]);
      else await writeFile(entry.path, Buffer.from('{"garbage": tru'));
    }
    assert.ok(entries >= 8);

    const second = await runCli(['build'], dir);
    assert.equal(second.code, 0, second.stdout + second.stderr);
    assert.match(second.stdout, /: 0 errors, 1 warning$/m);
    // The garbage is not this machine's: said once, for the whole cache.
    assert.match(
      second.stdout,
      /^\.cache\/specsite warning \[cache-untrusted\] \d+ entries of the build cache were not written by specsite on this machine/m,
    );
    // Built again, not taken as up to date on the strength of a forged record.
    assert.match(second.stdout, /built \d+ pages into/);
    const actual = await snapshot(join(dir, 'out'));
    assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort());
    for (const [path, content] of expected) {
      if (path === 'build-report.json') continue;
      assert.equal(actual.get(path), content, path);
    }
  });
});
