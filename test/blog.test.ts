import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { before, describe, test } from 'node:test';
import type { BuildReport } from '../generator/commands/build.js';
import { build } from '../generator/commands/build.js';
import { dateProblem } from '../generator/content/blog/dates.js';
import { readingMinutes } from '../generator/content/blog/reading-time.js';
import { BLOG_FIXTURE, feedDocument, type FeedElement } from './blog-helpers.js';
import { Page, textOf } from './html.js';
import { tempDir } from './helpers.js';

/** The fixture built twice, cold, into two folders: every test reads the first, the last compares them. */
let out = '';
let again = '';
let report: BuildReport;

before(async () => {
  [out, again] = await Promise.all([tempDir('blog'), tempDir('blog-again')]);
  const first = await build({ config: BLOG_FIXTURE, out, strict: true, cache: false });
  assert.deepEqual(first.diagnostics, []);
  assert.ok(first.report);
  report = first.report;
  const second = await build({ config: BLOG_FIXTURE, out: again, strict: true, cache: false });
  assert.deepEqual(second.diagnostics, []);
});

const page = (route: string): Promise<Page> => Page.read(join(out, 'site', route, 'index.html'));
const ORIGIN = 'https://blog.example/site';

describe('the blog of a site with posts (test/fixtures/blog-site)', () => {
  test('has a route for each list page, post, the tags and each tag, named by kind in the build report', () => {
    const blog = report.pages.filter((p) => p.route.startsWith('/blog/')).map((p) => [p.route, p.kind, p.source]);
    const posts = 'test/fixtures/blog-site/content/blog/';
    assert.deepEqual(blog, [
      ['/blog/', 'blog-list', undefined],
      ['/blog/hello-search/', 'blog-post', `${posts}2025-01-20-hello-search.md`],
      ['/blog/launch/', 'blog-post', `${posts}2024-launch.mdx`],
      ['/blog/leap-day/', 'blog-post', `${posts}2024-02-29-leap-day.mdx`],
      ['/blog/page/2/', 'blog-list', undefined],
      ['/blog/page/3/', 'blog-list', undefined],
      ['/blog/release-notes/', 'blog-post', `${posts}2025-03-10-release-notes.mdx`],
      ['/blog/tags/', 'blog-tags', undefined],
      ['/blog/tags/news/', 'blog-tag', undefined],
      ['/blog/tags/release/', 'blog-tag', undefined],
      ['/blog/tags/search/', 'blog-tag', undefined],
      ['/blog/year-end/', 'blog-post', `${posts}2024-12-01-year-end.mdx`],
    ]);
  });

  test('lists the posts newest first, two to a page, with links to newer and older pages', async () => {
    const titles = async (route: string) => (await page(route)).all('.blog-summary h2').map((h) => textOf(h));
    assert.deepEqual(await titles('blog'), ['Release notes for March', 'Hello, search']);
    assert.deepEqual(await titles('blog/page/2'), ['The year in review', 'We launched']);
    assert.deepEqual(await titles('blog/page/3'), ['A leap day post']);
    const second = await page('blog/page/2');
    assert.equal(second.attr('.pagination-nav a[rel=prev]', 'href'), '/site/blog/');
    assert.equal(second.attr('.pagination-nav a[rel=next]', 'href'), '/site/blog/page/3/');
    assert.equal((await page('blog')).one('.pagination-nav a[rel=prev]'), undefined);
    assert.equal((await page('blog/page/3')).one('.pagination-nav a[rel=next]'), undefined);
    assert.equal(second.text('title'), 'Blog, page 2 | Blog Fixture');
  });

  test('dates each post by its file name, or by its front matter over it; a draft is not published', async () => {
    const launch = await page('blog/launch');
    assert.equal(launch.attr('.blog-post-meta time', 'dateTime'), '2024-06-15');
    assert.equal(launch.text('.blog-post-meta time'), 'June 15, 2024');
    const leap = await page('blog/leap-day');
    assert.equal(leap.attr('.blog-post-meta time', 'dateTime'), '2024-02-29');
    assert.equal(leap.text('.blog-post-meta time'), 'February 29, 2024');
    assert.ok(!report.pages.some((p) => p.title === 'The next release'), 'the draft has no page');
    const rss = await readFile(join(out, 'site/blog/rss.xml'), 'utf8');
    assert.doesNotMatch(rss, /next release/i);
  });

  test('shows each post with its date, "N min read" (words / 200, rounded up), authors and tags', async () => {
    const notes = await page('blog/release-notes');
    assert.equal(notes.text('main h1'), 'Release notes for March');
    assert.equal(notes.text('.blog-post-meta'), 'March 10, 2025 · 3 min read');
    assert.deepEqual(notes.links('.blog-authors'), [
      { text: 'Jane Doe (opens in a new tab)', href: 'https://example.com/jane', label: undefined, target: '_blank' },
    ]);
    assert.deepEqual(
      notes.all('.blog-author').map((a) => textOf(a)),
      ['Jane Doe (opens in a new tab)Search engineer', 'John Roe'],
    );
    assert.deepEqual(
      notes.links('.blog-post-footer .blog-tags').map((l) => [l.text, l.href]),
      [
        ['Release', '/site/blog/tags/release/'],
        ['Search', '/site/blog/tags/search/'],
      ],
    );
    assert.equal((await page('blog/hello-search')).text('.blog-reading-time'), '1 min read');
    // The post's MDX goes through the docs' pipeline: heading ids, the table of contents, images, code, links.
    assert.equal(notes.attr('.markdown h2', 'id'), 'whats-new');
    assert.deepEqual(
      notes.links('.table-of-contents').map((l) => l.href),
      ['#whats-new'],
    );
    assert.match(notes.attr('.markdown img', 'src') ?? '', /^\/site\/assets\/images\/diagram\.[0-9a-f]+\.svg$/);
    assert.ok(notes.one('.markdown pre.shiki'), 'the code block is highlighted');
    assert.deepEqual(
      notes.links('.markdown').find((l) => l.text === 'the first post'),
      { text: 'the first post', href: '/site/blog/launch/', label: undefined, target: undefined },
    );
    assert.equal(
      (await page('docs/intro')).links('.markdown').find((l) => l.text === 'release notes')?.href,
      '/site/blog/release-notes/#whats-new',
    );
  });

  test("links each post to the newer and the older one, and marks it in the sidebar's years", async () => {
    const launch = await page('blog/launch');
    assert.deepEqual(
      launch.links('.pagination-nav').map((l) => [l.text, l.href]),
      [
        ['Newer postThe year in review', '/site/blog/year-end/'],
        ['Older postA leap day post', '/site/blog/leap-day/'],
      ],
    );
    assert.equal(launch.attr('.blog-sidebar a[aria-current=page]', 'href'), '/site/blog/launch/');
  });

  test('has a sidebar of the recent posts (4 here) grouped by year, newest first', async () => {
    const sidebar = (await page('blog/tags')).all('.blog-sidebar-year').map((section) => ({
      year: textOf(section.children.find((c) => c.type === 'element' && c.tagName === 'h2') as never),
      posts: new Page({ type: 'root', children: [section] }).links('li').map((l) => l.text),
    }));
    assert.deepEqual(sidebar, [
      { year: '2025', posts: ['Release notes for March', 'Hello, search'] },
      { year: '2024', posts: ['The year in review', 'We launched'] },
    ]);
  });

  test('has an index of tags with counts, and a page per tag; "Search" and "search" are one tag', async () => {
    const tags = await page('blog/tags');
    assert.deepEqual(
      tags.links('.blog-tag-list').map((l) => [l.text, l.href]),
      [
        ['News 2 posts', '/site/blog/tags/news/'],
        ['Release 2 posts', '/site/blog/tags/release/'],
        ['Search 2 posts', '/site/blog/tags/search/'],
      ],
    );
    const search = await page('blog/tags/search');
    assert.equal(search.text('main h1'), 'Posts tagged “Search”');
    assert.equal(search.text('.blog-list-intro'), '2 posts');
    assert.deepEqual(
      search.all('.blog-summary h2').map((h) => textOf(h)),
      ['Release notes for March', 'Hello, search'],
    );
    assert.equal(search.links('.blog-list-header').at(-1)?.href, '/site/blog/tags/');
  });

  test("links the feeds in every page's head, has the blog's styles, and puts every blog route in the sitemap", async () => {
    for (const route of ['blog', 'blog/release-notes', 'blog/tags/news', 'docs/intro', '']) {
      const head = await page(route);
      assert.deepEqual(
        head.all('link[rel=alternate]').map((l) => [l.properties.type, l.properties.href]),
        [
          // The page's Markdown twin, then the feeds.
          ['text/markdown', `/site/${route}${route === '' ? '' : '/'}index.md`],
          ['application/rss+xml', `${ORIGIN}/blog/rss.xml`],
          ['application/atom+xml', `${ORIGIN}/blog/atom.xml`],
        ],
        route,
      );
    }
    const home = await page('');
    const css = await readFile(
      join(out, 'site', (home.attr('link[rel=stylesheet]', 'href') ?? '').slice('/site/'.length)),
    );
    assert.match(css.toString(), /\.blog-sidebar-container\{/, "the site's stylesheet has the blog's styles");
    const sitemap = await readFile(join(out, 'site/sitemap.xml'), 'utf8');
    for (const p of report.pages.filter((p) => p.kind.startsWith('blog-')))
      assert.ok(sitemap.includes(`<loc>${ORIGIN}${p.route}</loc>`), p.route);
  });

  test('writes an RSS 2.0 feed: channel and items with their required elements, absolute links, dates', async () => {
    const rss = await feedDocument(join(out, 'site/blog/rss.xml'));
    assert.equal(rss.name, 'rss');
    assert.equal(rss.attributes.version, '2.0');
    const channel = rss.child('channel');
    assert.equal(channel.text('title'), 'Blog | Blog Fixture');
    assert.equal(channel.text('link'), `${ORIGIN}/blog/`);
    assert.equal(channel.text('description'), 'News from the team behind the fixture.');
    assert.equal(channel.text('lastBuildDate'), 'Mon, 10 Mar 2025 00:00:00 GMT');
    assert.equal(channel.child('atom:link').attributes.href, `${ORIGIN}/blog/rss.xml`);
    const items = channel.children('item');
    assert.deepEqual(
      items.map((item) => [item.text('title'), item.text('link'), item.text('guid'), item.text('pubDate')]),
      [
        [
          'Release notes for March',
          `${ORIGIN}/blog/release-notes/`,
          `${ORIGIN}/blog/release-notes/`,
          'Mon, 10 Mar 2025 00:00:00 GMT',
        ],
        [
          'Hello, search',
          `${ORIGIN}/blog/hello-search/`,
          `${ORIGIN}/blog/hello-search/`,
          'Mon, 20 Jan 2025 00:00:00 GMT',
        ],
        ['The year in review', `${ORIGIN}/blog/year-end/`, `${ORIGIN}/blog/year-end/`, 'Sun, 01 Dec 2024 00:00:00 GMT'],
        ['We launched', `${ORIGIN}/blog/launch/`, `${ORIGIN}/blog/launch/`, 'Sat, 15 Jun 2024 00:00:00 GMT'],
        ['A leap day post', `${ORIGIN}/blog/leap-day/`, `${ORIGIN}/blog/leap-day/`, 'Thu, 29 Feb 2024 00:00:00 GMT'],
      ],
    );
    assert.equal(items[0]?.child('guid').attributes.isPermaLink, 'true');
    assert.equal(items[0]?.text('description'), 'What changed in the March release.');
    assert.deepEqual(items[0]?.children('author'), [], "RSS's author is an email address, which posts do not give");
    assert.deepEqual(
      items[0]?.children('category').map((c) => c.text()),
      ['Release', 'Search'],
    );
  });

  test('writes an Atom 1.0 feed: feed and entries with their required elements, absolute links, dates', async () => {
    const atom = await feedDocument(join(out, 'site/blog/atom.xml'));
    assert.equal(atom.name, 'feed');
    assert.equal(atom.attributes.xmlns, 'http://www.w3.org/2005/Atom');
    assert.equal(atom.text('id'), `${ORIGIN}/blog/`);
    assert.equal(atom.text('title'), 'Blog | Blog Fixture');
    assert.equal(atom.text('updated'), '2025-03-10T00:00:00.000Z');
    // An entry without an author of its own takes the feed's.
    assert.equal(atom.child('author').text('name'), 'Blog Fixture');
    const links = atom.children('link').map((l) => [l.attributes.rel, l.attributes.href]);
    assert.deepEqual(links, [
      ['alternate', `${ORIGIN}/blog/`],
      ['self', `${ORIGIN}/blog/atom.xml`],
    ]);
    const entries = atom.children('entry');
    assert.equal(entries.length, 5);
    const first = entries[0] as FeedElement;
    assert.equal(first.text('id'), `${ORIGIN}/blog/release-notes/`);
    assert.equal(first.text('title'), 'Release notes for March');
    assert.equal(first.text('updated'), '2025-03-10T00:00:00.000Z');
    assert.equal(first.text('published'), '2025-03-10T00:00:00.000Z');
    assert.equal(first.child('link').attributes.href, `${ORIGIN}/blog/release-notes/`);
    assert.deepEqual(
      first.children('author').map((a) => [a.text('name'), a.children('uri').map((u) => u.text())]),
      [
        ['Jane Doe', ['https://example.com/jane']],
        ['John Roe', []],
      ],
    );
    assert.deepEqual(
      entries.map((e) => e.text('updated').slice(0, 10)),
      ['2025-03-10', '2025-01-20', '2024-12-01', '2024-06-15', '2024-02-29'],
    );
  });

  test('is byte-identical when built again', async () => {
    const files = async (root: string) =>
      (await readdir(join(root, 'site'), { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => relative(join(root, 'site'), join(e.parentPath, e.name)))
        .sort();
    const names = await files(out);
    assert.deepEqual(await files(again), names);
    assert.ok(names.includes('blog/rss.xml') && names.includes('blog/atom.xml'));
    for (const name of names)
      assert.ok(
        (await readFile(join(out, 'site', name))).equals(await readFile(join(again, 'site', name))),
        `${name} differs between the two builds`,
      );
  });
});

describe('reading time and dates', () => {
  const tree = (text: string) => JSON.stringify({ type: 'root', children: [{ type: 'text', value: text }] });
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

  test('is the words at 200 a minute, rounded up, and 1 minute at least', () => {
    assert.deepEqual(
      [0, 1, 200, 201, 400, 401, 1000].map((n) => readingMinutes(tree(words(n)))),
      [1, 1, 1, 2, 2, 3, 5],
    );
    // Words are counted in the text as shown, markup aside; a CJK character is a word.
    const nested = {
      type: 'root',
      children: [{ type: 'element', tagName: 'p', children: [{ type: 'text', value: words(150) }] }],
    };
    assert.equal(readingMinutes(JSON.stringify({ ...nested, children: [...nested.children, ...nested.children] })), 2);
    assert.equal(readingMinutes(tree('検'.repeat(201))), 2);
  });

  test('takes calendar days written YYYY-MM-DD only', () => {
    assert.deepEqual(
      ['2024-02-29', '2023-02-29', '2025-04-31', '2025-00-10', '2025-1-2', '2025-01-02T10:00:00Z', '31/01/2025'].map(
        (d) => dateProblem(d) ?? 'ok',
      ),
      [
        'ok',
        'is not a day of the calendar',
        'is not a day of the calendar',
        'is not a day of the calendar',
        'is not a date written YYYY-MM-DD',
        'is not a date written YYYY-MM-DD',
        'is not a date written YYYY-MM-DD',
      ],
    );
  });
});
