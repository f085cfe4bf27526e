import assert from 'node:assert/strict';
import { cp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { before, describe, test } from 'node:test';
import { runCli, tempDir } from './helpers.js';
import { filesUnder, SEARCH_FIXTURE } from './search-helpers.js';

/**
 * A rebuild after an edit links the pages the last build left, unread, when it makes them from the
 * same cache key as the last build recorded (generator/write/last-output.ts), and the output is
 * still the one a build from scratch writes: whatever was done to the last output or the cache.
 */
describe('a rebuild takes the pages the last build left as they are', () => {
  let fixture: string;

  /** A copy of the search fixture with its first build done; answers its config and output folder. */
  async function built(name: string): Promise<{ dir: string; config: string; out: string }> {
    const dir = await tempDir(name);
    await cp(dirname(fixture), dir, { recursive: true });
    const config = join(dir, basename(fixture));
    const out = join(dir, 'out');
    const run = await runCli(['build', '--config', config, '--out', out]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    return { dir, config, out };
  }

  /** The intro page with a sentence more, as in the fixture the output from scratch was built from. */
  const edit = async (dir: string): Promise<void> => {
    const intro = join(dir, 'content/docs/intro.mdx');
    await writeFile(intro, `${await readFile(intro, 'utf8')}\nThe zeppelin moorings are inspected at dawn.\n`);
  };

  const rebuild = async (config: string, out: string): Promise<void> => {
    const run = await runCli(['build', '--config', config, '--out', out]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
  };

  /** Every file of the output but the build report (its timings differ). */
  const output = async (out: string): Promise<Map<string, Buffer>> => {
    const files = await filesUnder(out);
    files.delete('build-report.json');
    return files;
  };

  /** What a build from scratch of the project in `dir` writes (in the same folder: the types' README names it). */
  const fromScratch = async (dir: string, config: string): Promise<Map<string, Buffer>> => {
    const clean = join(dir, 'clean');
    const run = await runCli(['build', '--no-cache', '--config', config, '--out', clean]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    return output(clean);
  };

  /** The cache's rendered pages (the `html` entries that are whole documents, in either of V8's string encodings). */
  const renderedPages = async (dir: string): Promise<number> => {
    const folder = join(dir, '.cache/specsite/html');
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    const marks = [Buffer.from('<title>', 'latin1'), Buffer.from('<title>', 'utf16le')];
    let pages = 0;
    for (const entry of entries.filter((e) => e.isFile())) {
      const bytes = await readFile(join(entry.parentPath, entry.name));
      if (marks.some((mark) => bytes.includes(mark))) pages++;
    }
    return pages;
  };

  before(async () => {
    // The fixture without the cache another test's build may have left beside it.
    const dir = await tempDir('reuse-fixture');
    await cp(dirname(SEARCH_FIXTURE), dir, { recursive: true });
    await rm(join(dir, '.cache'), { recursive: true, force: true });
    fixture = join(dir, basename(SEARCH_FIXTURE));
  });

  test('only the edited page is read or rendered: the others are linked from the last output, unread', async () => {
    const { dir, config, out } = await built('reuse-edit');
    const inode = async (path: string): Promise<number> => (await stat(join(out, path))).ino;
    const other = 'site/docs/guide/empty/index.html';
    const before = await inode(other);
    assert.ok((await renderedPages(dir)) > 10);
    // Without the rendered pages in the cache, a page that was not linked would be rendered and kept there again.
    await rm(join(dir, '.cache/specsite/html'), { recursive: true });
    await edit(dir);
    await rebuild(config, out);
    assert.equal(await renderedPages(dir), 1, 'the edited page alone was rendered');
    assert.equal(await inode(other), before, 'an unchanged page is the last output’s file');
    assert.deepEqual(await output(out), await fromScratch(dir, config));
  });

  test('a page changed in the output since the last build (same size, its write time put back) is made again', async () => {
    const { dir, config, out } = await built('reuse-tampered');
    const page = join(out, 'site/docs/guide/empty/index.html');
    const { size, atime, mtime } = await stat(page);
    await writeFile(page, 'x'.repeat(size));
    await utimes(page, atime, mtime);
    await edit(dir);
    await rebuild(config, out);
    assert.deepEqual(await output(out), await fromScratch(dir, config));
  });

  test('with the last search index gone from the cache, the pages linked unread are read back for Pagefind', async () => {
    const { dir, config, out } = await built('reuse-no-index');
    await rm(join(dir, '.cache/specsite/search-units'), { recursive: true });
    await edit(dir);
    await rebuild(config, out);
    const report = JSON.parse(await readFile(join(out, 'build-report.json'), 'utf8')) as {
      search: { pages: number; analysed: number };
    };
    assert.ok(report.search.analysed > report.search.pages, 'every page was read by Pagefind');
    assert.deepEqual(await output(out), await fromScratch(dir, config));
  });
});
