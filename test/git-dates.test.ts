import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmod, cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { build } from '../generator/commands/build.js';
import { loadConfig } from '../generator/config/load.js';
import { readFrontMatter } from '../generator/content/front-matter.js';
import { gitDates } from '../generator/content/git-dates.js';
import { GitLogReader } from '../generator/content/git-log-reader.js';
import { runMain, tempDir } from './helpers.js';

/** The "Edit this page" link and the last-updated date, on a small site in a git repository of its own. */
const FIXTURE = 'test/fixtures/git-dates-site';
const DOCS = ['alpha', 'beta', 'dated-site-gamma'];

function git(cwd: string, args: readonly string[], date?: string): void {
  const env = date ? { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : process.env;
  execFileSync('git', ['-c', 'commit.gpgsign=false', ...args], { cwd, env, stdio: 'ignore' });
}

async function docHtml(out: string, doc: string): Promise<string> {
  return readFile(join(out, 'site', 'docs', doc, 'index.html'), 'utf8');
}

/** The page's last-updated `datetime`, or undefined without one. */
async function dateOf(out: string, doc: string): Promise<string | undefined> {
  const html = await docHtml(out, doc);
  return /<p class="last-updated">Last updated on <time datetime="([^"]+)">/i.exec(html)?.[1];
}

async function siteFiles(out: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(join(out, 'site'), { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files.set(path.slice(out.length), await readFile(path, 'utf8'));
    }
  return files;
}

async function buildOk(config: string, out: string): Promise<void> {
  const result = await build({ config, out, strict: true });
  assert.deepEqual(result.diagnostics, []);
  assert.ok(result.report);
}

describe('edit links and last-updated dates from git', () => {
  // alpha and beta committed on January 15, alpha again on March 7; gamma not yet committed.
  let repo = '';
  let config = '';
  let out = '';
  before(async () => {
    repo = await tempDir('git-dates');
    await cp(FIXTURE, repo, { recursive: true });
    config = join(repo, 'site-config.yaml');
    git(repo, ['init', '-q']);
    git(repo, ['config', 'user.name', 'Fixture']);
    git(repo, ['config', 'user.email', 'fixture@example.com']);
    git(repo, ['add', 'site-config.yaml', 'content/docs/alpha.mdx', 'content/docs/beta.mdx']);
    git(repo, ['commit', '-q', '-m', 'first'], '2024-01-15T10:00:00Z');
    await writeFile(
      join(repo, 'content/docs/alpha.mdx'),
      `${await readFile(join(FIXTURE, 'content/docs/alpha.mdx'), 'utf8')}\nMore.\n`,
    );
    git(repo, ['commit', '-q', '-am', 'second'], '2024-03-07T23:30:00+05:00');
    out = await tempDir('git-dates-out');
    await buildOk(config, out);
  });

  test('a page committed twice shows the later date, one never committed shows none', async () => {
    // The committer date in UTC: 23:30 at +05:00 is still March 7.
    assert.equal(await dateOf(out, 'alpha'), '2024-03-07');
    assert.match(await docHtml(out, 'alpha'), />March 7, 2024<\/time>/);
    assert.equal(await dateOf(out, 'beta'), '2024-01-15');
    assert.match(await docHtml(out, 'beta'), />January 15, 2024<\/time>/);
    assert.equal(await dateOf(out, 'dated-site-gamma'), undefined);
  });

  test("the edit link is the config's editUrl and the file's path; custom_edit_url: null removes it", async () => {
    assert.match(
      await docHtml(out, 'alpha'),
      /<a class="edit-this-page" href="https:\/\/code\.example\/org\/dated\/edit\/main\/content\/docs\/alpha\.mdx" target="_blank" rel="noopener noreferrer">/,
    );
    assert.match(
      await docHtml(out, 'dated-site-gamma'),
      /href="https:\/\/code\.example\/org\/dated\/edit\/main\/content\/docs\/%7Bproduct%7D-gamma\.mdx"/,
    );
    assert.doesNotMatch(await docHtml(out, 'beta'), /edit-this-page/);
  });

  test('two builds of the same commit give identical bytes', async () => {
    const again = await tempDir('git-dates-again');
    await buildOk(config, again);
    assert.deepEqual(await siteFiles(again), await siteFiles(out));
  });

  // After the tests above, which build this commit: the page's HTML without a date is in the build cache.
  test('a new commit dates its page in the next build, through the build cache', async () => {
    git(repo, ['add', 'content/docs/{product}-gamma.mdx']);
    git(repo, ['commit', '-q', '-m', 'third'], '2024-05-01T08:00:00Z');
    const next = await tempDir('git-dates-next');
    await buildOk(config, next);
    assert.equal(await dateOf(next, 'dated-site-gamma'), '2024-05-01');
    assert.equal(await dateOf(next, 'alpha'), '2024-03-07');
  });

  test('--no-git-dates shows none', async () => {
    const plain = await tempDir('git-dates-off');
    const run = await runMain(['--config', config, '--out', plain, '--no-cache', 'build', '--no-git-dates']);
    assert.equal(run.code, 0, run.stdout);
    for (const doc of DOCS) assert.equal(await dateOf(plain, doc), undefined, doc);
    assert.match(await docHtml(plain, 'alpha'), /edit-this-page/);
  });
});

describe('edit URLs from the config and the front matter', () => {
  test("are http or https URLs, the config's without a query or fragment, each mistake one located line", async () => {
    const dir = await tempDir('edit-url-config');
    const file = join(dir, 'site-config.yaml');
    await writeFile(file, 'title: T\neditUrl: "https://code.example/edit?path="\n');
    const loaded = await loadConfig(file);
    assert.deepEqual(
      loaded.diagnostics.map((d) => `${d.line}:${d.column} ${d.rule} ${d.message}`),
      ["2:10 config-invalid must have no query or fragment: the page's path is appended to it"],
    );
    const page = readFrontMatter(join(dir, 'p.mdx'), '---\ntitle: P\ncustom_edit_url: "javascript:alert(1)"\n---\n');
    assert.ok(!page.ok);
    assert.deepEqual(
      page.diagnostics.map((d) => `${d.line}:${d.column} ${d.rule} ${d.message}`),
      ['3:18 front-matter must be an http or https URL, or null'],
    );
  });
});

const files = (root: string): string[] => DOCS.slice(0, 2).map((d) => join(root, 'content/docs', `${d}.mdx`));

describe('where git gives no dates', () => {
  test('outside a git repository: no dates and no warning', async () => {
    const dir = await tempDir('git-dates-none');
    await cp(FIXTURE, dir, { recursive: true });
    const result = await gitDates({
      rootDir: dir,
      folder: join(dir, 'content/docs'),
      files: files(dir),
      display: 'docs',
    });
    assert.deepEqual(result, { dates: new Map(), diagnostics: [] });
  });

  test('without git: no dates and no warning', async () => {
    const dir = await tempDir('git-dates-no-git');
    const result = await gitDates({
      rootDir: dir,
      folder: join(dir, 'content/docs'),
      files: files(dir),
      display: 'docs',
      command: join(dir, 'no-such-git'),
    });
    assert.deepEqual(result, { dates: new Map(), diagnostics: [] });
  });

  test('git too slow: killed, no dates and one warning', async () => {
    const dir = await tempDir('git-dates-slow');
    const slow = join(dir, 'slow-git');
    await writeFile(slow, '#!/bin/sh\nexec sleep 30\n');
    await chmod(slow, 0o755);
    const result = await gitDates({
      rootDir: dir,
      folder: join(dir, 'content/docs'),
      files: files(dir),
      display: 'content/docs',
      command: slow,
      timeoutMs: 300,
    });
    assert.equal(result.dates.size, 0);
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.file} ${d.severity} [${d.rule}] ${d.message}`),
      [
        'content/docs warning [git-dates] git log took longer than 300 ms; the pages show no last-updated date (--no-git-dates skips git)',
      ],
    );
  });

  test("a shallow clone's oldest commit dates nothing: its files changed earlier, or then", async () => {
    const repo = await tempDir('git-dates-deep');
    await cp(FIXTURE, repo, { recursive: true });
    git(repo, ['init', '-q']);
    git(repo, ['config', 'user.name', 'Fixture']);
    git(repo, ['config', 'user.email', 'fixture@example.com']);
    git(repo, ['add', 'content/docs/alpha.mdx', 'content/docs/beta.mdx'], undefined);
    git(repo, ['commit', '-q', '-m', 'first'], '2024-01-15T10:00:00Z');
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'second'], '2024-02-01T10:00:00Z');
    await writeFile(join(repo, 'content/docs/beta.mdx'), 'changed\n');
    git(repo, ['commit', '-q', '-am', 'third'], '2024-03-01T10:00:00Z');
    const shallow = await tempDir('git-dates-shallow');
    git(shallow, ['clone', '-q', '--depth', '2', `file://${repo}`, 'clone']);
    const root = join(shallow, 'clone');
    const result = await gitDates({
      rootDir: root,
      folder: join(root, 'content/docs'),
      files: [...files(root), join(root, 'content/docs/{product}-gamma.mdx')],
      display: 'docs',
    });
    // beta changed in the third commit; alpha and gamma are in the grafted second one (which holds every file).
    assert.deepEqual(result, {
      dates: new Map([[join(root, 'content/docs/beta.mdx'), '2024-03-01']]),
      diagnostics: [],
    });
  });
});

describe('a partial clone', () => {
  test('fetches nothing it lacks: no dates, one warning, no object added', async () => {
    const dir = await tempDir('git-dates-partial');
    const source = join(dir, 'source');
    await cp(FIXTURE, source, { recursive: true });
    git(source, ['init', '-q']);
    git(source, ['config', 'user.name', 'Fixture']);
    git(source, ['config', 'user.email', 'fixture@example.com']);
    git(source, ['config', 'uploadpack.allowFilter', 'true']);
    git(source, ['add', '.']);
    git(source, ['commit', '-q', '-m', 'first'], '2024-01-15T10:00:00Z');
    // Without its trees: reading which files a commit changed needs them from the source.
    git(dir, ['clone', '-q', '--no-checkout', '--filter=tree:0', `file://${source}`, 'clone']);
    const root = join(dir, 'clone');
    const objects = (): string => execFileSync('git', ['count-objects', '-v'], { cwd: root, encoding: 'utf8' });
    const before = objects();
    const result = await gitDates({
      rootDir: root,
      folder: join(root, 'content/docs'),
      files: files(root),
      display: 'docs',
    });
    assert.equal(result.dates.size, 0);
    assert.deepEqual(
      result.diagnostics.map((d) => d.rule),
      ['git-dates'],
    );
    assert.equal(objects(), before);
  });
});

describe("reading git log's output", () => {
  test('splits headers and paths in any chunks, skips merges without files, stops at a path too long', () => {
    const reader = new GitLogReader(new Set(['a.mdx', 'b\nc.mdx', 'd.mdx']));
    const output = '\x011709251200\x01\0\na.mdx\0\x011706000000\x01\0\x011705000000\x01\0\nb\nc.mdx\0a.mdx\0';
    for (const chunk of output.match(/.{1,3}/gs) ?? []) assert.ok(reader.push(chunk));
    assert.deepEqual(
      [...reader.dates],
      [
        ['a.mdx', '2024-03-01'],
        ['b\nc.mdx', '2024-01-11'],
      ],
    );
    assert.equal(reader.done, false);
    assert.equal(reader.push('x'.repeat(70 * 1024)), false);
  });
});
