import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { build } from '../generator/commands/build.js';
import { formatDiagnosticText as formatDiagnostic } from '../generator/diagnostics/format.js';
import { blogSiteWith, feedDocument } from './blog-helpers.js';
import { Page } from './html.js';
import { tempDir } from './helpers.js';

const post = (frontMatter: string, body = 'Text.'): string => `---\n${frontMatter}\n---\n\n${body}\n`;

describe('blog posts with mistakes, and hostile ones', () => {
  test('a bad date, a post without one and a route the blog owns are located errors; out/ stays as it was', async () => {
    const config = await blogSiteWith('blog-errors', {
      'content/blog/2025-02-30-no-such-day.mdx': post('title: No such day\ndescription: A day that is not.'),
      'content/blog/undated.mdx': post('title: Undated\ndescription: No date anywhere.'),
      'content/blog/2025-01-01-month-13.mdx': post('title: Month 13\ndescription: A bad date.\ndate: 2025-13-01'),
      'content/blog/2025-01-02-words.mdx': post('title: Words\ndescription: A date in words.\ndate: Jan 2, 2025'),
      'content/blog/2025-01-03-tags.mdx': post('title: Tags\ndescription: Claims the tags index.\nslug: tags'),
      'content/blog/2025-01-04.mdx': post('title: Date alone\ndescription: No slug.'),
      'content/blog/2025-01-05-many-tags.mdx': post(
        `title: Many tags\ndescription: One tag too many.\ntags: [${Array.from({ length: 31 }, (_, i) => `t${i}`).join(', ')}]`,
      ),
      'content/pages/blog.mdx': post('title: Blog\ndescription: Claims the blog.'),
    });
    const out = await tempDir('blog-errors-out');
    await writeFile(join(out, 'kept.txt'), 'from an earlier build');
    const result = await build({ config, out, strict: false, cache: false });
    const root = dirname(config);
    const lines = result.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => formatDiagnostic({ ...d, file: d.file.replace(`${root}/`, '') }));
    assert.deepEqual(lines, [
      'content/blog/2025-01-01-month-13.mdx:4:7 error [blog-date] the date "2025-13-01" is not a day of the calendar (at #/date)',
      'content/blog/2025-01-02-words.mdx:4:7 error [blog-date] the date "Jan 2, 2025" is not a date written YYYY-MM-DD (at #/date)',
      'content/blog/2025-01-03-tags.mdx:1:1 error [duplicate-route] route /blog/tags/ is already used by the blog\'s tags index; change the file name or its "slug"',
      'content/blog/2025-01-04.mdx:1:1 error [front-matter] the file name is a date alone: name the post after it (2025-01-04-title.mdx) or give "slug"',
      'content/blog/2025-01-05-many-tags.mdx:4:7 error [front-matter] too big: expected array to have <=30 items (at #/tags)',
      'content/blog/2025-02-30-no-such-day.mdx:1:1 error [blog-date] the date "2025-02-30" of the file name is not a day of the calendar',
      'content/blog/undated.mdx:1:1 error [blog-date] the post has no date: start its file name with it (2025-01-31-undated.mdx) or give "date"',
      'content/pages/blog.mdx:1:1 error [duplicate-route] route /blog/ is already used by the blog; change the file name or its "slug"',
    ]);
    assert.equal(result.report, undefined);
    assert.deepEqual(await readdir(out), ['kept.txt']);
  });

  test('a javascript: link, raw script and an author URL that is not http(s) are errors, as in docs', async () => {
    const config = await blogSiteWith('blog-hostile', {
      'content/blog/2025-05-01-hostile.mdx': post(
        'title: Hostile\ndescription: Tries to run script.\nauthors:\n  - name: Eve\n    url: "javascript:alert(1)"',
        '[click](javascript:alert(1))\n\n<script>alert(1)</script>\n\n<img src="x" onerror="alert(1)" />',
      ),
    });
    const result = await build({ config, out: await tempDir('blog-hostile-out'), strict: false, cache: false });
    const root = dirname(config);
    assert.deepEqual(
      result.diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => `${d.file.replace(`${root}/`, '')}:${d.line}:${d.column} ${d.rule}`),
      ['content/blog/2025-05-01-hostile.mdx:6:10 front-matter'],
    );
    // The front matter stops the post before its body is read; without that URL, the body's own checks speak.
    await writeFile(
      join(root, 'content/blog/2025-05-01-hostile.mdx'),
      post(
        'title: Hostile\ndescription: Tries to run script.',
        '[click](javascript:alert(1))\n\n<script>alert(1)</script>\n\n<img src="x" onerror="alert(1)" />',
      ),
    );
    const body = await build({ config, out: await tempDir('blog-hostile-out'), strict: false, cache: false });
    assert.deepEqual(
      body.diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => `${d.file.replace(`${root}/`, '')}:${d.line}:${d.column} ${d.rule}`),
      [
        'content/blog/2025-05-01-hostile.mdx:6:1 unsafe-url',
        'content/blog/2025-05-01-hostile.mdx:8:1 unsafe-html',
        'content/blog/2025-05-01-hostile.mdx:10:6 missing-image',
        'content/blog/2025-05-01-hostile.mdx:10:14 unsafe-html',
      ],
    );
    assert.equal(body.report, undefined);
  });

  test('markup and CDATA ends in titles, tags and names stay text: in the pages and in well-formed feeds', async () => {
    const title = '<img src=x onerror=alert(1)> ]]> & ]]><b>bold</b>';
    const config = await blogSiteWith('blog-text', {
      'content/blog/2025-06-01-markup.mdx': post(
        [
          `title: ${JSON.stringify(title)}`,
          'description: "]]>]]><script>alert(1)</script> \\x01"',
          'authors: ["<i>Eve</i>"]',
          'tags: ["<script>", "a&b"]',
        ].join('\n'),
      ),
    });
    const out = await tempDir('blog-text-out');
    const result = await build({ config, out, strict: true, cache: false });
    assert.deepEqual(result.diagnostics, []);
    const page = await Page.read(join(out, 'site/blog/markup/index.html'));
    assert.equal(page.text('main h1'), title);
    assert.equal(page.all('main img, main b, main i, main script').length, 0);
    assert.equal(page.text('.blog-author'), '<i>Eve</i>');
    assert.deepEqual(
      page.links('.blog-post-footer').map((l) => [l.text, l.href]),
      [
        ['<script>', '/site/blog/tags/script/'],
        ['a&b', '/site/blog/tags/ab/'],
      ],
    );
    // In the feeds, text meant as HTML is escaped HTML: a reader shows it as written.
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const rss = (await feedDocument(join(out, 'site/blog/rss.xml'))).child('channel').children('item')[0];
    assert.equal(rss?.text('title'), escaped(title));
    assert.equal(rss?.text('description'), escaped(']]>]]><script>alert(1)</script> '));
    assert.deepEqual(
      rss?.children('category').map((c) => c.text()),
      ['<script>', 'a&b'],
    );
    const atom = (await feedDocument(join(out, 'site/blog/atom.xml'))).children('entry')[0];
    assert.equal(atom?.text('title'), escaped(title));
    assert.equal(atom?.child('author').text('name'), '<i>Eve</i>');
    assert.deepEqual(
      atom?.children('category').map((c) => c.attributes.term),
      ['script', 'ab'],
    );
  });

  test('with `blog.enabled: false`, content/blog/ is ignored: no blog pages, feeds, feed links or blog styles', async () => {
    const fixture = await readFile('test/fixtures/blog-site/site-config.yaml', 'utf8');
    const config = await blogSiteWith('blog-off', {
      'site-config.yaml': fixture.replace('blog:\n', 'blog:\n  enabled: false\n'),
    });
    const out = await tempDir('blog-off-out');
    const result = await build({ config, out, strict: false, cache: false });
    // The docs page's link to a post now leads to no page.
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.line}:${d.column} ${d.rule}`),
      ['6:10 broken-markdown-link'],
    );
    assert.deepEqual(result.report?.pages.map((p) => p.kind).sort(), ['doc', 'not-found', 'page']);
    assert.ok(!(await readdir(join(out, 'site'))).includes('blog'));
    const home = await Page.read(join(out, 'site/index.html'));
    assert.equal(home.all('link[rel=alternate]:not([type="text/markdown"])').length, 0);
    const css = await readFile(
      join(out, 'site', (home.attr('link[rel=stylesheet]', 'href') ?? '').slice('/site/'.length)),
    );
    assert.doesNotMatch(css.toString(), /blog-sidebar/);
  });
});
