import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { build, errors, exists, page, project, strayFiles } from './hostile-routes-helpers.js';

/** Hostile routes: a route may not lead out of `out/site`, and nesting stays within its limit. */

describe('routes cannot leave out/site', () => {
  // Each slug is on line 4 of its page, after the title and description, at column 7.
  const SLUGS: Record<string, string> = {
    'climbs-absolute': '"/../../../../somewhere/"',
    'climbs-relative': '"../../../../somewhere"',
    'climbs-deep': '"/a/b/../../../../../../../../tmp/x/"',
    'dot-segment': '"/a/./b/"',
    'empty-segment': '"/a//b/"',
    backslash: '"/a\\\\..\\\\..\\\\b/"',
    'encoded-dots': '"/%2e%2e/%2E%2E/%2e%2e/%2e%2e/x/"',
    'encoded-slash': '"/a%2f..%2f..%2fb/"',
    'encoded-backslash': '"/a%5c..%5cb/"',
    nul: '"/a\\0b/"',
    control: '"/a\\x01b/"',
    'tab-in-segment': '"/a\\tb/"',
    'absolute-url': '"https://evil.example/x/"',
    'protocol-relative': '"//evil.example/x/"',
  };

  test('a slug with "..", ".", "//", "\\", encoded separators, controls or a URL is one located route-invalid error, and nothing is written anywhere', async () => {
    const files: Record<string, string> = {
      'site-config.yaml': 'title: Routes\n',
      'content/docs/fine.mdx': page('Fine'),
    };
    for (const [name, slug] of Object.entries(SLUGS)) files[`content/docs/${name}.mdx`] = page(name, `slug: ${slug}\n`);
    files['content/docs/id-climbs.mdx'] = page('Id', 'id: ".."\n');
    files['content/pages/page-climbs.mdx'] = page('Page', 'slug: "/../../../../somewhere-else/"\n');
    const p = await project(files);
    const run = await build(p);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const found = errors(run);
    for (const name of Object.keys(SLUGS)) {
      const mine = found.filter((d) => d.file === `content/docs/${name}.mdx`);
      assert.equal(mine.length, 1, `${name}: ${JSON.stringify(mine)}`);
      assert.deepEqual(
        [mine[0]?.line, mine[0]?.column, mine[0]?.rule, mine[0]?.pointer],
        [4, 7, 'route-invalid', '#/slug'],
        name,
      );
    }
    assert.deepEqual(
      found.filter((d) => d.file === 'content/docs/id-climbs.mdx').map((d) => [d.line, d.rule]),
      [[4, 'route-invalid']],
    );
    assert.deepEqual(
      found.filter((d) => d.file === 'content/pages/page-climbs.mdx').map((d) => [d.line, d.rule]),
      [[4, 'route-invalid']],
    );
    assert.equal(found.length, Object.keys(SLUGS).length + 2, 'nothing but the refused routes is an error');
    assert.doesNotMatch(run.stdout + run.stderr, /internal error|\n\s+at /);
    assert.deepEqual(await strayFiles(p, files), []);
    assert.equal(await exists(join(p.root, 'out')), false, 'a failed build writes no out/');
  });

  test('a content file whose name holds a backslash, an encoded separator or a control character is refused at the file', async () => {
    const names = ['back\\slash.mdx', 'a%2f..%2fb.mdx', '%2e%2e.mdx', 'a%5cb.mdx', 'bell\u0007.mdx', 'tab\there.mdx'];
    const files: Record<string, string> = {
      'site-config.yaml': 'title: Names\n',
      'content/docs/fine.mdx': page('Fine'),
    };
    for (const [index, name] of names.entries()) files[`content/docs/${name}`] = page(`Page ${index}`);
    files['content/docs/sub%2f..%2f..%2f/inner.mdx'] = page('Inner');
    const p = await project(files);
    const run = await build(p);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const found = errors(run);
    assert.equal(found.length, names.length + 1, run.stdout + run.stderr);
    for (const d of found) assert.deepEqual([d.line, d.column, d.rule], [1, 1, 'route-invalid'], d.file);
    assert.deepEqual(await strayFiles(p, files), []);
  });

  test('an API route, the base URL and a link\'s "to" in the config are held to the same rule, located at their keys', async () => {
    const routes = [
      '/api/../../../../escape/',
      '/api/%2e%2e/%2e%2e/x/',
      '/api\\..\\x/',
      '//evil.example/',
      '/api//x/',
      '/api/./x/',
      '/api/\u0000/',
    ];
    const apis = routes
      .map((route, index) => `  - { id: api${index}, route: ${JSON.stringify(route)}, spec: openapi/pets.yaml }\n`)
      .join('');
    const config = `title: Config\nbaseUrl: "/../"\nnavbar:\n  items:\n    - { type: link, label: L, to: "/../../x/" }\nfooter:\n  columns:\n    - { title: F, items: [{ label: f, to: "//evil.example/" }] }\napis:\n${apis}`;
    const files = { 'site-config.yaml': config, 'openapi/pets.yaml': PETS };
    const p = await project(files);
    const run = await build(p);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const found = errors(run);
    const expected = [
      '#/baseUrl',
      '#/navbar/items/0/to',
      '#/footer/columns/0/items/0/to',
      ...routes.map((_, index) => `#/apis/${index}/route`),
    ];
    assert.deepEqual(found.map((d) => d.pointer).sort(), expected.sort(), run.stdout);
    for (const d of found) {
      assert.equal(d.rule, 'route-invalid', d.message);
      assert.equal(d.file, 'site-config.yaml');
      assert.ok(d.line > 1 && d.column > 1, `${d.pointer} is located at its value`);
    }
    assert.deepEqual(await strayFiles(p, files), []);
    assert.equal(await exists(join(p.root, 'out')), false);
  });
});

describe('nesting depth has a limit', () => {
  test('3,000 and 30,000 nested <div>s, block quotes or list items fail with one located depth-limit error each', async () => {
    const nested = {
      'divs-3000.mdx': `${'<div>'.repeat(3000)}x${'</div>'.repeat(3000)}`,
      'divs-30000.mdx': `${'<div>'.repeat(30000)}x${'</div>'.repeat(30000)}`,
      'quotes-30000.md': `${'>'.repeat(30000)} x`,
      'quotes-lines-600.md': Array.from({ length: 600 }, (_, i) => `${'>'.repeat(i + 1)} x`).join('\n'),
      'lists-30000.md': `${'- '.repeat(30000)}x`,
      'ordered-3000.md': `${'1. '.repeat(3000)}x`,
      'nested-jsx-lines-3000.mdx':
        Array.from({ length: 3000 }, () => '<div>').join('\n') +
        '\nx\n' +
        Array.from({ length: 3000 }, () => '</div>').join('\n'),
    };
    const files: Record<string, string> = {
      // Budget enough for these pages, so that only their depth stops them.
      'site-config.yaml': 'title: Deep\ncontentBudget:\n  bytes: 524288\n  nodes: 200000\n',
      'content/docs/fine.mdx': page(
        'Fine',
        '',
        `${'<div>'.repeat(20)}x${'</div>'.repeat(20)}\n\n${'> '.repeat(20)}x\n`,
      ),
    };
    for (const [name, body] of Object.entries(nested)) files[`content/docs/${name}`] = page(name, '', `${body}\n`);
    const p = await project(files);
    const run = await build(p);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.doesNotMatch(run.stdout + run.stderr, /internal error|Maximum call stack|\n\s+at /);
    const found = errors(run);
    for (const name of Object.keys(nested)) {
      const mine = found.filter((d) => d.file === `content/docs/${name}`);
      assert.equal(mine.length, 1, `${name}: ${JSON.stringify(mine)}`);
      assert.equal(mine[0]?.rule, 'depth-limit', name);
      assert.match(mine[0]?.message ?? '', /256 levels/, name);
      assert.ok((mine[0]?.line ?? 0) >= 1, name);
    }
    assert.equal(found.length, Object.keys(nested).length, 'a page nested 20 deep is fine');
  });
});

const PETS = `openapi: 3.1.0
info: { title: Pets, version: 1.0.0 }
paths:
  /pets:
    get:
      operationId: listPets
      responses: { '200': { description: OK } }
`;
