import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { compileSite, type SiteOutput, type SiteParts } from '../generator/pipeline.js';
import type { RenderedPage } from '../generator/render/index.js';
import { routeFile } from '../generator/render/index.js';
import { PAGE_KINDS } from '../generator/page-kinds/index.js';
import { BLOG_FIXTURE } from './blog-helpers.js';
import { tempDir } from './helpers.js';

/**
 * The blog's fixture with a versioned API added: a site with a page of every kind (a changelog among
 * the API's, fragments of the long pages of our datasource reference). The versioned API is split
 * (`splitAbove: 1`), so the second edition's models pages by initial are redirect pages now.
 */
let output: SiteOutput;
let parts: SiteParts;
let pages: RenderedPage[];

const text = (path: string): string => {
  const file = output.files?.get(path);
  assert.ok(file !== undefined, `${path} was not written`);
  return typeof file === 'string' ? file : Buffer.from(file).toString('utf8');
};

before(async () => {
  const dir = await tempDir('page-kinds');
  await cp('test/fixtures/blog-site', dir, { recursive: true });
  await cp('test/fixtures/api-site/openapi/versioned', join(dir, 'openapi/versioned'), { recursive: true });
  await cp('openapi/datasource', join(dir, 'openapi/datasource'), { recursive: true });
  const config = (await readFile(BLOG_FIXTURE, 'utf8')).replace(
    'apis: []',
    'apiPages: { splitAbove: 1 }\napis:\n  - { id: versioned, spec: openapi/versioned/ }\n  - { id: datasource, spec: openapi/datasource/ }',
  );
  await writeFile(join(dir, 'site-config.yaml'), config);
  output = await compileSite({
    config: join(dir, 'site-config.yaml'),
    out: join(dir, 'out'),
    strict: false,
    cache: false,
  });
  assert.deepEqual(
    output.diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  assert.ok(output.parts && output.report);
  parts = output.parts;
  pages = output.report.pages;
});

describe('the page-kind registry (generator/page-kinds/)', () => {
  test('each kind is registered once, and the build report names exactly the registered kinds', () => {
    const ids = PAGE_KINDS.map((kind) => kind.id);
    assert.deepEqual(ids, [...new Set(ids)]);
    assert.deepEqual(new Set(pages.map((page) => page.kind)), new Set(ids));
    assert.ok(
      pages.some((page) => page.route.includes('changelog')),
      'the site has a changelog',
    );
  });

  test('every kind is rendered: each of its pages has its HTML written', () => {
    for (const kind of PAGE_KINDS) {
      const own = pages.filter((page) => page.kind === kind.id);
      assert.ok(own.length > 0, `no page of kind ${kind.id}`);
      for (const page of own) {
        const file = page.kind === 'not-found' ? '404.html' : routeFile(page.route);
        assert.match(text(`site/${file}`), /^<!DOCTYPE html>/, page.route);
      }
    }
  });

  test('every page that offers a Markdown twin is twinned and listed in llms.txt; the 404 and redirect pages and the fragments of long API pages offer none', () => {
    const llms = text('site/llms.txt');
    for (const page of pages) {
      const html = text(`site/${page.kind === 'not-found' ? '404.html' : routeFile(page.route)}`);
      const offers = html.includes(`href="/site${page.route}index.md"`);
      assert.equal(
        offers,
        !['not-found', 'api-redirect', 'api-part'].includes(page.kind),
        `${page.route} offers a twin`,
      );
      if (!offers) continue;
      assert.ok(output.files?.has(`site/${page.route.slice(1)}index.md`), `${page.route} has no twin`);
      assert.ok(llms.includes(`/site${page.route}index.md)`), `${page.route} is not in llms.txt`);
    }
  });

  test('every page made from a content file whose front matter leaves search on is indexed', () => {
    const content = [...parts.content.docs, ...parts.content.pages, ...parts.content.posts];
    const searched = new Set(content.filter((page) => page.frontMatter.search).map((page) => page.display));
    const indexed = pages.filter((page) => page.source !== undefined && searched.has(page.source));
    assert.ok(indexed.some((page) => page.kind === 'blog-post') && indexed.some((page) => page.kind === 'doc'));
    assert.equal(output.report?.search.pages, indexed.length);
  });

  test('every page with a twin is published: in sitemap.xml and in the MCP site index', () => {
    const sitemap = text('site/sitemap.xml');
    const site = JSON.parse(text('mcp/site.json')) as { pages: Array<{ route: string; kind: string }> };
    const published = pages.filter((page) => output.files?.has(`site/${page.route.slice(1)}index.md`));
    assert.deepEqual(
      site.pages.map((page) => page.route),
      published.map((page) => page.route),
    );
    for (const page of published) assert.ok(sitemap.includes(`https://blog.example/site${page.route}<`), page.route);
    assert.ok(!sitemap.includes('404'));
    const redirects = pages.filter((page) => page.kind === 'api-redirect');
    assert.ok(redirects.length > 0);
    for (const page of redirects) {
      assert.ok(!sitemap.includes(`${page.route}<`), page.route);
      assert.ok(!site.pages.some((p) => p.route === page.route), page.route);
      assert.match(text(`site/${routeFile(page.route)}`), /<meta name="robots" content="noindex"\/>/);
    }
  });
});
