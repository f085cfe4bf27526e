import assert from 'node:assert/strict';
import { fromHtml } from 'hast-util-from-html';
import { cp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { build, type BuildResult } from '../generator/commands/build.js';
import { withSiteInBrowser } from './browser.js';
import { Page, textOf } from './html.js';
import { ROOT, tempDir } from './helpers.js';

const FIXTURE = join(ROOT, 'test/fixtures/api-site');

/** Copies the fixture site so a test may change it, and builds it. */
async function buildCopy(
  prefix: string,
  change?: (dir: string) => Promise<void>,
): Promise<{ dir: string; out: string; result: BuildResult }> {
  const dir = await tempDir(prefix);
  await cp(FIXTURE, dir, { recursive: true });
  await change?.(dir);
  const out = join(dir, 'out');
  const result = await build({ config: join(dir, 'site-config.yaml'), out, strict: true });
  return { dir, out, result };
}

/** Adds an API to the copied fixture's config, its contract written as JSON. */
async function addApi(dir: string, id: string, document: unknown): Promise<void> {
  await writeFile(join(dir, `openapi/${id}.json`), JSON.stringify(document));
  await writeFile(
    join(dir, 'site-config.yaml'),
    `${await readFile(join(dir, 'site-config.yaml'), 'utf8')}  - { id: ${id}, spec: openapi/${id}.json }\n`,
  );
}

function read(out: string, route: string): Promise<Page> {
  return Page.read(join(out, 'site', route.replace(/^\/ref\//, ''), 'index.html'));
}

/** The page holding section `id` whole: the reference page, or the fragment its stub links to. */
async function section(out: string, route: string, id: string): Promise<Page> {
  const page = await read(out, route);
  const part = page.attr(`section.api-stub[id="${id}"]`, 'dataApiPart');
  if (part === undefined) return page;
  const html = await readFile(join(out, 'site', part.replace(/^\/ref\//, '')), 'utf8');
  assert.ok(html.length < 400_000, `${part} is ${html.length} bytes`);
  return new Page(fromHtml(html));
}

describe('API reference pages of the fixture contracts', () => {
  let out = '';
  let result: BuildResult;
  before(async () => {
    ({ out, result } = await buildCopy('api-fixtures'));
  });

  test('build with no diagnostics', () => {
    assert.deepEqual(result.diagnostics, []);
    assert.ok(result.report);
  });

  test('a cyclic schema renders once, its self-references as links back to its own section', async () => {
    const page = await read(out, '/api/cyclic/');
    const node = page.one('#schema-Node');
    assert.ok(node, 'Node has a section');
    const links = page.links('#schema-Node').filter((l) => l.href.endsWith('#schema-Node'));
    // `parent` and `children[]` refer back to Node, plus the section's own hash link.
    assert.equal(links.filter((l) => l.text === 'Node').length, 2);
    assert.equal(page.all('#schema-Node .badge-cycle').length, 2);
    assert.equal(page.all('[id="schema-Node"]').length, 1);
    // Tree links to Node rather than inlining it, and the operation links to Tree.
    assert.deepEqual(
      page.links('#schema-Tree .schema-properties').map((l) => l.href),
      ['/ref/api/cyclic/#schema-Node'],
    );
    assert.deepEqual(
      page.links('#getTree .api-response .schema-tree > .schema-type').map((l) => l.text),
      ['Tree'],
    );
  });

  test('an operation: method badge, highlighted path parameter, parameters listed by place with constraints, default and example', async () => {
    const page = await read(out, '/api/cyclic/');
    assert.equal(page.text('#getTree .method-badge'), 'GET');
    assert.deepEqual(page.all('#getTree .api-path-param').map(textOf), ['{treeId}']);
    assert.deepEqual(page.all('#getTree .api-parameter-group > h4').map(textOf), [
      'Path parameters',
      'Query parameters',
    ]);
    // Each parameter's line: name, type, required, default, constraints; then its example below.
    const lines = page.all('#getTree .api-parameter').map((li) => {
      const item = new Page({ type: 'root', children: [li] });
      return [
        item.text('.api-parameter-name'),
        item.text('.api-parameter-type'),
        item.all('.api-parameter-head > .required').length === 1 ? 'required' : '',
        item.text('.api-parameter-head > .schema-default') ?? '',
        item.all('.api-parameter-head > .schema-constraint').map(textOf).join(', '),
        item.text('.api-parameter > .schema-value') ?? '',
      ];
    });
    assert.deepEqual(lines, [
      ['treeId', 'integer<int64>', 'required', '', '≥ 1', 'Example 7'],
      ['depth', 'integer', '', 'Default 3', '≥ 0, ≤ 10', ''],
    ]);
  });

  test('a discriminator lists its mapping, each value linked to its schema, and oneOf its variants', async () => {
    const page = await read(out, '/api/discriminator/');
    assert.equal(page.text('#schema-Pet .schema-discriminator > code'), 'petType');
    assert.deepEqual(
      page.links('#schema-Pet .schema-discriminator').map((l) => [l.text, l.href]),
      [
        ['Cat', '/ref/api/discriminator/#schema-Cat'],
        ['Dog', '/ref/api/discriminator/#schema-Dog'],
      ],
    );
    assert.equal(page.text('#schema-Pet .schema-composition .schema-keyword'), 'One of');
    assert.deepEqual(
      page.links('#schema-Pet .schema-composition').map((l) => l.text),
      ['Cat', 'Dog'],
    );
    assert.match(page.text('#schema-Dog') ?? '', /Values: "beagle" "collie" "other"/);
    assert.match(page.text('#schema-Cat') ?? '', /Always "cat"/);
  });

  test('nullable is shown the same for 3.0 `nullable: true` and a 3.1 type array with null', async () => {
    for (const service of ['nullable30', 'nullable31']) {
      const page = await read(out, `/api/${service}/`);
      const rows = page
        .all('#schema-Thing .schema-properties > li')
        .map((li) => new Page({ type: 'root', children: [li] }));
      assert.deepEqual(
        rows.map((row) => [
          row.text('.schema-property-name'),
          row.text('.schema-type code'),
          row.all('.badge-nullable').length,
        ]),
        [
          ['nickname', 'string', 1],
          ['name', 'string', 0],
        ],
        service,
      );
    }
  });

  test('hostile descriptions come out inert: no script, no event handler, no javascript: URL', async () => {
    const html = await readFile(join(out, 'site/api/hostile/index.html'), 'utf8');
    const page = new Page((await Page.read(join(out, 'site/api/hostile/index.html'))).tree);
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    assert.doesNotMatch(main, /<script/i);
    assert.doesNotMatch(main, /\son[a-z]+=/i);
    assert.doesNotMatch(main, /javascript:/i);
    // The harmless parts survive: Markdown emphasis and an https link. A link whose URL was refused
    // (and the raw HTML one, whose text was dropped before HTML was parsed) is its text, not a link.
    assert.equal(page.text('#api-overview strong'), 'bold');
    assert.deepEqual(
      page.links('#getHostile .markdown').map((l) => [l.text, l.href]),
      [['fine', 'https://example.com/docs']],
    );
    assert.equal(page.text('#getHostile > .api-operation-text > .markdown'), 'Before after. anchor md link and fine.');
    // The only scripts that run are the site's own: the bundle and the head snippet. The page data
    // is inert JSON, with every `<` escaped so no string in it can close its element.
    const scripts = page.all('script');
    const data = scripts.filter((s) => s.properties.type === 'application/json');
    assert.equal(data.length, 1);
    assert.doesNotMatch(textOf(data[0]!), /</);
    for (const script of scripts.filter((s) => s.properties.type !== 'application/json'))
      assert.ok(
        /\/assets\/js\/main\.\w+\.js$/.test(String(script.properties.src ?? '')) ||
          textOf(script).includes('localStorage'),
        textOf(script),
      );
  });

  test('three versions: the newest release at the API route, each other at its own, a dropdown on every one', async () => {
    const expected: Array<[string, string]> = [
      ['1.1.0', '/ref/api/versioned/'],
      ['1.1.0-rc.1', '/ref/api/versioned/1.1.0-rc.1/'],
      ['1.0.0', '/ref/api/versioned/1.0.0/'],
    ];
    for (const [version, route] of expected) {
      const page = await read(out, route.replace('/ref', ''));
      // The version once: the menu's summary (its list, folded, offers every version), not also a label beside it.
      assert.equal(page.text('.api-version-menu > summary'), version);
      const menu = new Set(page.all('.api-header .dropdown-menu, .api-header .dropdown-menu *'));
      assert.equal(page.all('.api-header *').filter((e) => !menu.has(e) && textOf(e) === version).length, 1);
      assert.match(
        page.text('#listItems .api-operation-title') ?? '',
        new RegExp(`List items \\(version ${version.replace(/\./g, '\\.')}\\)$`),
      );
      assert.deepEqual(
        page.links('.api-version-menu').map((l) => [l.text.replace(' (latest)', ''), l.href]),
        [...expected, ['Changelog', '/ref/api/versioned/changelog/']],
      );
      assert.equal(page.attr('.api-version-menu [aria-current="page"]', 'href'), route);
    }
  });

  test('each version offers its document for download, as written (YAML) and as JSON', async () => {
    const yaml = await readFile(join(out, 'site/api/versioned/1.0.0/openapi.yaml'), 'utf8');
    assert.equal(yaml, await readFile(join(FIXTURE, 'openapi/versioned/1.0.0.yaml'), 'utf8'));
    const json = JSON.parse(await readFile(join(out, 'site/api/versioned/openapi.json'), 'utf8')) as {
      info: { version: string };
    };
    assert.equal(json.info.version, '1.1.0');
    const page = await read(out, '/api/versioned/1.0.0/');
    assert.deepEqual(
      page.links('.api-downloads').map((l) => l.href),
      ['/ref/api/versioned/1.0.0/openapi.yaml', '/ref/api/versioned/1.0.0/openapi.json'],
    );
  });

  test('docs may link to reference anchors, and the links are checked', async () => {
    const page = await read(out, '/docs/');
    assert.deepEqual(
      page.links('main .markdown').map((l) => l.href),
      ['/ref/api/cyclic/#getTree', '/ref/api/cyclic/#schema-Node'],
    );
  });
});

describe('releasing a version and bad contracts', () => {
  test('a file dropped into the folder becomes the default version with no other edit', async () => {
    const { out, result } = await buildCopy('api-release', async (dir) => {
      const next = (await readFile(join(dir, 'openapi/versioned/1.1.0.yaml'), 'utf8')).replaceAll('1.1.0', '1.2.0');
      await writeFile(join(dir, 'openapi/versioned/1.2.0.yaml'), next);
    });
    assert.deepEqual(result.diagnostics, []);
    const page = await read(out, '/api/versioned/');
    assert.equal(page.text('.api-version-menu > summary'), '1.2.0');
    assert.equal(page.all('.api-version-menu a[data-version]').length, 4);
    assert.equal((await read(out, '/api/versioned/1.1.0/')).text('.api-version-menu > summary'), '1.1.0');
  });

  test('a contract that fails validation stops the build with its located errors and writes nothing', async () => {
    const { out, result } = await buildCopy('api-broken', async (dir) => {
      const broken = (await readFile(join(dir, 'openapi/cyclic.yaml'), 'utf8')).replace(
        "$ref: '#/components/schemas/Tree'",
        "$ref: '#/components/schemas/Forest'",
      );
      await writeFile(join(dir, 'openapi/cyclic.yaml'), broken);
    });
    assert.equal(result.report, undefined);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    assert.equal(errors.length, 1);
    assert.match(`${errors[0]?.file}:${errors[0]?.line} ${errors[0]?.rule}`, /openapi\/cyclic\.yaml:17 ref-resolves/);
    await assert.rejects(stat(out));
  });

  test('50 levels of nesting and 5,000 properties render in bounded size, saying what was cut', async () => {
    const { out, result } = await buildCopy('api-bounded', async (dir) => {
      let deep: Record<string, unknown> = { type: 'string' };
      for (let i = 0; i < 50; i++) deep = { type: 'object', properties: { [`level${50 - i}`]: deep } };
      const wide = {
        type: 'object',
        properties: Object.fromEntries(
          Array.from({ length: 5000 }, (_, i) => [`field${i}`, { type: 'integer', description: `Field number ${i}.` }]),
        ),
      };
      const document = {
        openapi: '3.1.0',
        info: { title: 'Big', version: '1.0.0' },
        paths: {},
        components: { schemas: { Deep: deep, Wide: wide } },
      };
      await addApi(dir, 'big', document);
    });
    assert.deepEqual(result.diagnostics, []);
    const html = await readFile(join(out, 'site/api/big/index.html'), 'utf8');
    assert.ok(html.length < 400_000, `page is ${html.length} bytes`);
    const deep = await section(out, '/api/big/', 'schema-Deep');
    assert.match(deep.text('#schema-Deep') ?? '', /nested more than 12 levels deep/);
    // The wide model is past the page's fold: its body is in its fragment, as bounded.
    const wide = await section(out, '/api/big/', 'schema-Wide');
    assert.equal(wide.all('#schema-Wide .schema-properties > li').length, 400);
    assert.match(
      wide.text('#schema-Wide .schema-truncated') ?? '',
      /^4600 more properties, listed in the OpenAPI download$/,
    );
  });
});

describe('a very large API is split into one page per tag', () => {
  test('the overview keeps every operation anchor, each leading to its tag page', async () => {
    const { out, result } = await buildCopy('api-split', async (dir) => {
      const paths: Record<string, unknown> = {};
      const COLOURS = ['Red', 'Green', 'Blue', 'Cyan', 'Magenta', 'Yellow'];
      // Three schemas of about 2,000 nodes each: B's models need three pages of at most about 4,000 nodes.
      const wide = {
        type: 'object',
        properties: Object.fromEntries(
          Array.from({ length: 400 }, (_, i) => [
            `p${i}`,
            {
              type: 'object',
              properties: {
                a: { type: 'string' },
                b: { type: 'string' },
                c: { type: 'string' },
                d: { type: 'string' },
              },
            },
          ]),
        ),
      };
      const big = { Big1: wide, Big2: wide, Big3: wide };
      for (let i = 0; i < 210; i++)
        paths[`/things/${i}`] = {
          get: {
            operationId: `getThing${i}`,
            tags: [COLOURS[i % COLOURS.length] as string],
            responses: {
              '200': {
                description: 'OK',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
              },
            },
          },
        };
      const document = {
        openapi: '3.1.0',
        info: { title: 'Many', version: '1.0.0' },
        paths,
        components: {
          schemas: {
            Thing: { type: 'object', properties: { id: { type: 'string' } } },
            Answer: { type: 'string' },
            _meta: { type: 'object' },
            ...big,
          },
        },
      };
      await addApi(dir, 'many', document);
      // A budget under which the one page would be too heavy: a page per tag (35 operations each,
      // under the limit that divides a tag), and one models index. Under the second edition's paging
      // (a models page of about 4,000 nodes), B's models took three pages: those routes redirect.
      const config = await readFile(join(dir, 'site-config.yaml'), 'utf8');
      await writeFile(
        join(dir, 'site-config.yaml'),
        config.replace('apis:\n', 'apiPages: { pageBudget: { htmlBytes: 1500000, elements: 34000 } }\napis:\n'),
      );
    });
    assert.deepEqual(result.diagnostics, []);
    const routes = (await readdir(join(out, 'site/api/many'))).filter((r) => r !== '_parts').sort();
    assert.deepEqual(routes, [
      'blue',
      'changelog',
      'cyan',
      'green',
      'index.html',
      'index.md',
      'magenta',
      'openapi.json',
      'openapi.yaml',
      'red',
      'schemas',
      'yellow',
    ]);
    const overview = await read(out, '/api/many/');
    assert.equal(overview.all('#api-moved [id^="getThing"]').length, 210);
    assert.equal(overview.attr('[id="getThing3"] a', 'href'), '/ref/api/many/cyan/#getThing3');
    assert.equal(overview.attr('[id="getThing3"]', 'dataMovedTo'), '/ref/api/many/cyan/#getThing3');
    const odd = await read(out, '/api/many/cyan/');
    assert.equal(odd.all('.api-main .api-operation').length, 35);
    assert.ok(odd.one('[id="getThing3"]'));
    // Every model is on the one models index, at its own anchor.
    assert.deepEqual(
      odd.links('#getThing3 .schema-tree > .schema-type').map((l) => l.href),
      ['/ref/api/many/schemas/#schema-Thing'],
    );
    const models = await read(out, '/api/many/schemas/');
    assert.deepEqual(
      models.all('.api-model').map((m) => m.properties.id),
      ['schema-_meta', 'schema-Answer', 'schema-Big1', 'schema-Big2', 'schema-Big3', 'schema-Thing'],
    );
    assert.equal(models.text('h1'), 'Models · Many reference');
    assert.equal(overview.all('.api-nav-initials').length, 0);
    assert.equal(overview.attr('.api-nav a[href$="#models"]', 'href'), '/ref/api/many/schemas/#models');
    assert.equal(models.attr('.api-nav [aria-current="page"]', 'href'), '/ref/api/many/schemas/#models');
    // The second edition's models pages are redirect pages now, each holding its old anchors.
    assert.deepEqual((await readdir(join(out, 'site/api/many/schemas'))).sort(), [
      'a',
      'b',
      'b-2',
      'b-3',
      'index.html',
      'index.md',
      'other',
      't',
    ]);
    const b3 = await read(out, '/api/many/schemas/b-3/');
    assert.deepEqual(
      b3.links('.api-redirect li').map((l) => [l.text, l.href]),
      [
        ['Models', '/ref/api/many/schemas/#models'],
        ['Big3', '/ref/api/many/schemas/#schema-Big3'],
      ],
    );
    assert.equal(b3.attr('link[rel="canonical"]', 'href'), 'https://fixture.example/ref/api/many/schemas/');
    assert.equal(b3.attr('meta[name="robots"]', 'content'), 'noindex');
    // The sidebar of a tag page lists its own operations only, so pages stay linear in the API's size.
    assert.equal(odd.all('.api-nav .api-nav-operation').length, 35);
    assert.equal(overview.all('.api-nav .api-nav-operation').length, 0);

    // In a real browser, an old deep link to the overview lands on the operation's new page.
    await withSiteInBrowser(join(out, 'site'), '/ref/', async (browser, origin) => {
      const tab = await browser.newPage();
      await tab.goto(`${origin}/ref/api/many/#getThing3`);
      await tab.waitForURL(/\/cyan\/#getThing3$/);
      assert.equal(await tab.locator('[id="getThing3"] .api-path').textContent(), '/things/3');
      // An old models page's address lands on the model's section of the index.
      await tab.goto(`${origin}/ref/api/many/schemas/b-3/#schema-Big3`);
      await tab.waitForURL(/\/schemas\/#schema-Big3$/);
      assert.equal(await tab.locator('#schema-Big3 h3').textContent(), '#Big3');
    });
  });
});
