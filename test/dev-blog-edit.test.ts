import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { DevSession } from '../generator/dev/session.js';
import { blogSiteWith } from './blog-helpers.js';

const POST = 'content/blog/2024-12-01-year-end.mdx';

let dir = '';
let session: DevSession;

const text = (value: string | Uint8Array | undefined): string =>
  typeof value === 'string' ? value : Buffer.from(value ?? new Uint8Array()).toString('utf8');

before(async () => {
  dir = join(await blogSiteWith('dev-blog-edit', {}), '..');
  session = new DevSession({ config: join(dir, 'site-config.yaml'), out: join(dir, 'out'), strict: false });
  const first = await session.rebuild([]);
  assert.equal(first.ok, true);
});

describe('specsite dev and an edit to a blog post', () => {
  test("an edit to a post's text and description renders the post and the blog's lists alone, its feeds follow", async () => {
    const path = join(dir, POST);
    const longer = `${'word '.repeat(600)}\n\nThe quokka report.`;
    const before = await readFile(path, 'utf8');
    await writeFile(path, before.replace('A year of work.', longer).replace('this year.', 'this year, with quokkas.'));
    const build = await session.rebuild([path]);
    assert.deepEqual(build.diagnostics, []);
    assert.equal(build.ok, true);
    assert.equal(build.complete, false, 'the fast path');
    assert.ok(build.rendered.includes('/blog/year-end/'));
    assert.ok(build.rendered.includes('/blog/') && build.rendered.includes('/blog/tags/news/'));
    assert.ok(!build.rendered.includes('/docs/'), 'no docs page is rendered');
    assert.match(text(build.files.get('blog/year-end/index.html')), /The quokka report\./);
    assert.match(text(build.files.get('blog/year-end/index.md')), /The quokka report\./);
    // 600 words more: the post's summary on its tag's list shows its new reading time.
    const tag = text(build.files.get('blog/tags/news/index.html'));
    const summary = tag.slice(tag.indexOf('href="/site/blog/year-end/"'));
    assert.ok(summary.length < tag.length, "the tag's page lists the post");
    assert.ok(/^[^]*?blog-reading-time">(\d+) min read/.exec(summary)?.[1] === '4', 'its reading time is 4 minutes');
    assert.match(summary, /with quokkas\./);
    // The feeds give each post's description.
    assert.match(text(build.files.get('blog/atom.xml')), /with quokkas\./);
    assert.match(text(build.files.get('blog/rss.xml')), /with quokkas\./);
  });

  test("an edit to a post's tags takes the whole pipeline", async () => {
    const path = join(dir, POST);
    await writeFile(path, (await readFile(path, 'utf8')).replace('tags: [News]', 'tags: [News, Review]'));
    const build = await session.rebuild([path]);
    assert.equal(build.ok, true);
    assert.equal(build.complete, true);
    assert.ok(build.files.has('blog/tags/review/index.html'));
  });
});
