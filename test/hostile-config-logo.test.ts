import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import {
  assertFailedWith,
  assertNoMarker,
  filesUnder,
  page,
  PNG,
  project,
  run,
  type Project,
} from './hostile-content-helpers.js';
import { Page } from './html.js';

/** `navbar.logo` with `src` on line 5, its value at column 10 (after `title:` and `apis:`). */
function logo(src: string, more = ''): string {
  return `navbar:\n  logo:\n    src: ${JSON.stringify(src)}\n    alt: Our logo\n${more}`;
}

const AT_SRC = { file: 'site-config.yaml', line: 5, column: 10 };

async function refused(p: Project, rule: string): Promise<void> {
  assertFailedWith(await run(p), [{ ...AT_SRC, rule }]);
  assertFailedWith(await run(p, 'validate'), [{ ...AT_SRC, rule }]);
  assert.deepEqual(await filesUnder(p.out), new Map(), 'a failed build writes nothing');
}

describe('the navbar logo goes through the boundary', () => {
  for (const src of ['//evil.example/logo.png', 'javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=']) {
    test(`a logo at ${src} is a located unsafe-url error`, async () => {
      const p = await project({ 'content/docs/index.mdx': page('Hello.') }, logo(src));
      await refused(p, 'unsafe-url');
    });
  }

  test('a logo outside the project, as written or through a symlink, is path-outside-project and never read', async () => {
    const climbing = await project({ 'content/docs/index.mdx': page('Hello.') }, logo('../secret.png'));
    await refused(climbing, 'path-outside-project');
    const linked = await project(
      { 'content/docs/index.mdx': page('Hello.'), 'logo.png': { link: '../secret.png' } },
      logo('logo.png'),
    );
    await refused(linked, 'path-outside-project');
    await assertNoMarker(linked);
  });

  test('an SVG logo with script is unsafe-svg, and HTML named .png is image-type', async () => {
    const svg = await project(
      {
        'content/docs/index.mdx': page('Hello.'),
        'brand/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      },
      logo('brand/logo.svg'),
    );
    await refused(svg, 'unsafe-svg');
    const html = await project(
      { 'content/docs/index.mdx': page('Hello.'), 'logo.png': '<html><script>alert(1)</script></html>' },
      logo('logo.png'),
    );
    await refused(html, 'image-type');
  });

  test('a PNG logo in the project is published under assets/ by its content hash, and every page points at it', async () => {
    const p = await project(
      { 'content/docs/index.mdx': page('Hello.'), 'brand/logo.png': PNG },
      `baseUrl: /docs-site/\n${logo('brand/logo.png')}`,
    );
    const result = await run(p);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const published = [...(await filesUnder(join(p.out, 'site/assets')))].filter(([path]) => /logo\./.test(path));
    assert.equal(published.length, 1, published.map(([path]) => path).join('\n'));
    const [path, bytes] = published[0] as [string, Buffer];
    assert.match(path, /\/site\/assets\/images\/logo\.[0-9a-f]{8}\.png$/);
    assert.deepEqual(bytes, PNG);
    const site = relative(join(p.out, 'site'), path);
    for (const file of ['docs/index.html', '404.html']) {
      const html = await Page.read(join(p.out, 'site', file));
      assert.equal(html.attr('img.navbar-logo', 'src'), `/docs-site/${site}`, file);
      assert.equal(html.attr('img.navbar-logo', 'alt'), 'Our logo', file);
    }
    // An edit to the logo makes the build out of date, like an edit to a page's image.
    const report = JSON.parse(await readFile(join(p.out, 'build-report.json'), 'utf8')) as {
      inputs: { paths: string[] };
    };
    assert.ok(report.inputs.paths.includes('brand/logo.png'), report.inputs.paths.join('\n'));
  });

  test('an https logo is drawn as written, like an https image in a page', async () => {
    const p = await project({ 'content/docs/index.mdx': page('Hello.') }, logo('https://cdn.example.com/logo.svg'));
    const result = await run(p);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const html = await Page.read(join(p.out, 'site/docs/index.html'));
    assert.equal(html.attr('img.navbar-logo', 'src'), 'https://cdn.example.com/logo.svg');
  });
});
