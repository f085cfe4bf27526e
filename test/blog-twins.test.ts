import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Heading, Link, List, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { build, type BuildReport } from '../generator/commands/build.js';
import { BLOG_FIXTURE } from './blog-helpers.js';
import { expectFixture } from './fixture-expectations.js';
import { tempDir } from './helpers.js';
import { Page } from './html.js';

/** The blog fixture's pages as Markdown: each list, post and tag page has a twin, listed in llms.txt and llms-full.txt. */
const EXPECTED = 'test/fixtures/blog-site/expected';
const ORIGIN = 'https://blog.example/site';
const BLOG_KINDS = new Set(['blog-list', 'blog-post', 'blog-tags', 'blog-tag']);
/** The blog's pages in the order the blog gives them: its lists, its posts newest first, its tags. */
const ORDER = [
  '/blog/',
  '/blog/page/2/',
  '/blog/page/3/',
  '/blog/release-notes/',
  '/blog/hello-search/',
  '/blog/year-end/',
  '/blog/launch/',
  '/blog/leap-day/',
  '/blog/tags/',
  '/blog/tags/news/',
  '/blog/tags/release/',
  '/blog/tags/search/',
];

function parse(markdown: string): Root {
  return unified().use(remarkParse).use(remarkGfm).parse(markdown);
}

describe('Markdown twins of the blog (test/fixtures/blog-site)', () => {
  let out = '';
  let report: BuildReport;
  const site = (path: string): Promise<string> => readFile(join(out, 'site', path), 'utf8');

  before(async () => {
    out = await tempDir('blog-twins');
    // Strict: a link of a twin that led nowhere would be a warning, and fail the build.
    const built = await build({ config: BLOG_FIXTURE, out, strict: true, cache: false });
    assert.deepEqual(built.diagnostics, []);
    assert.ok(built.report);
    report = built.report;
  });

  test('each page of the blog has a twin under its title, which its head names', async () => {
    const pages = report.pages.filter((p) => BLOG_KINDS.has(p.kind));
    assert.deepEqual(pages.map((p) => p.route).sort(), [...ORDER].sort());
    for (const page of pages) {
      const twin = parse(await site(`${page.route.slice(1)}index.md`));
      const first = twin.children[0] as Heading;
      assert.equal(first.depth, 1, page.route);
      assert.equal(toString(first), page.title, page.route);
      const html = await Page.read(join(out, 'site', page.route.slice(1), 'index.html'));
      assert.equal(html.attr('link[rel="alternate"][type="text/markdown"]', 'href'), `/site${page.route}index.md`);
    }
  });

  test("a post's page has the page menu, beside its date, leading to its twin; a list has none", async () => {
    const post = await Page.read(join(out, 'site/blog/release-notes/index.html'));
    assert.equal(
      post.attr('.blog-post-header .page-menu-row .page-menu a[type="text/markdown"]', 'href'),
      '/site/blog/release-notes/index.md',
    );
    assert.equal(post.attr('[data-page-menu-copy]', 'dataPageMenuCopy'), '/site/blog/release-notes/index.md');
    assert.match(
      post.attr('.page-menu a[href^="https://claude.ai/"]', 'href') ?? '',
      /blog%2Frelease-notes%2Findex\.md/,
    );
    assert.equal((await Page.read(join(out, 'site/blog/index.html'))).one('.page-menu'), undefined);
  });

  test('a post, a list page and the tags index are the expected Markdown', async () => {
    expectFixture(join(EXPECTED, 'release-notes.md'), await site('blog/release-notes/index.md'));
    expectFixture(join(EXPECTED, 'blog-page-2.md'), await site('blog/page/2/index.md'));
    expectFixture(join(EXPECTED, 'tag-news.md'), await site('blog/tags/news/index.md'));
    expectFixture(join(EXPECTED, 'tags.md'), await site('blog/tags/index.md'));
  });

  test('llms.txt lists each page of the blog once, under the blog’s title, in the blog’s order', async () => {
    const tree = parse(await site('llms.txt'));
    const at = tree.children.findIndex((n) => n.type === 'heading' && n.depth === 2 && toString(n) === 'Blog');
    assert.notEqual(at, -1, 'a Blog section');
    const section = tree.children[at + 1] as List;
    const links = section.children.map((item) => (item.children[0] as { children: RootContent[] }).children[0] as Link);
    assert.deepEqual(
      links.map((l) => l.url),
      ORDER.map((route) => `${ORIGIN}${route}index.md`),
    );
  });

  test('llms-full.txt holds every page, the blog’s after the docs and standalone pages', async () => {
    const titles = parse(await site('llms-full.txt'))
      .children.filter((n): n is Heading => n.type === 'heading' && n.depth === 1)
      .map((h) => toString(h));
    const byRoute = new Map(report.pages.map((p) => [p.route, p.title]));
    assert.deepEqual(titles, ['Introduction', 'Blog Fixture', ...ORDER.map((route) => byRoute.get(route))]);
  });
});
