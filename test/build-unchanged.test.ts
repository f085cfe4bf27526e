import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { BuildCache } from '../generator/cache/store.js';
import { templatesFingerprint } from '../generator/client/build.js';
import { buildStart, recordBuild, recordKey, unchangedBuild } from '../generator/commands/build-record.js';
import { build, OUTPUT_ENTRIES, type BuildResult } from '../generator/commands/build.js';
import type { BuildOptions, BuildReport, SiteParts } from '../generator/pipeline.js';
import { ROOT, runMain, tempDir } from './helpers.js';
import { PNG_BLUE, PNG_RED } from './png-fixtures.js';

/** A contract whose response example does not match its schema: a warning (example-valid) in every build. */
function contract(summary: string): string {
  return [
    'openapi: 3.1.0',
    'info: { title: Shop, version: 1.0.0 }',
    'paths:',
    '  /items:',
    '    get:',
    `      summary: ${summary}`,
    '      operationId: listItems',
    '      responses:',
    "        '200':",
    '          description: The items.',
    '          content:',
    '            application/json:',
    "              schema: { $ref: '#/components/schemas/Item' }",
    '              example: { count: many }',
    'components:',
    '  schemas:',
    '    Item: { type: object, properties: { count: { type: integer } } }',
    '',
  ].join('\n');
}

/** A project with a page, an image and a contract, in a folder of its own. */
async function makeProject(name: string, spec = 'openapi/shop/1.0.0.yaml'): Promise<string> {
  const root = await tempDir(name);
  await mkdir(join(root, 'content/docs'), { recursive: true });
  await mkdir(join(root, 'openapi/shop'), { recursive: true });
  await writeFile(
    join(root, 'site-config.yaml'),
    `title: Unchanged Fixture\nurl: https://unchanged.example\napis:\n  - { id: shop, spec: ${spec} }\n`,
  );
  await writeFile(join(root, 'openapi/shop/1.0.0.yaml'), contract('List the items'));
  await writeFile(
    join(root, 'content/docs/index.mdx'),
    '---\ntitle: Home\ndescription: The first page.\n---\n\nThe first version.\n\n![A dot](./dot.png)\n',
  );
  await writeFile(join(root, 'content/docs/dot.png'), PNG_RED);
  return root;
}

function options(root: string, more: Partial<BuildOptions> = {}): BuildOptions {
  return { config: join(root, 'site-config.yaml'), out: join(root, 'out'), strict: false, ...more };
}

async function buildOk(root: string, more: Partial<BuildOptions> = {}): Promise<BuildResult> {
  const result = await build(options(root, more));
  assert.ok(result.report, result.diagnostics.map((d) => `${d.rule} ${d.message}`).join('\n'));
  return result;
}

/** Every file and folder under the output, with its inode and modification time: what a build that writes nothing leaves as it was. */
async function identities(out: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const stats = await stat(path, { bigint: true });
    found.set(relative(out, path), `${stats.ino} ${stats.mtimeNs}`);
  }
  return found;
}

const home = (root: string): Promise<string> => readFile(join(root, 'out/site/docs/index.html'), 'utf8');

describe('a build with nothing to do', () => {
  test('leaves the output as it was, and answers with the last build’s report and warnings', async () => {
    const root = await makeProject('unchanged');
    const first = await buildOk(root);
    assert.equal(first.unchanged, false);
    assert.deepEqual(
      first.diagnostics.map((d) => [d.severity, d.rule]),
      [['warning', 'example-valid']],
    );
    const before = await identities(join(root, 'out'));
    const reportBefore = await readFile(join(root, 'out/build-report.json'), 'utf8');

    const second = await buildOk(root);
    assert.equal(second.unchanged, true);
    assert.equal(second.written, 0);
    assert.deepEqual(second.diagnostics, first.diagnostics);
    assert.deepEqual(second.report, JSON.parse(reportBefore));
    assert.deepEqual(await identities(join(root, 'out')), before);

    // The CLI says so, with the warning again (CI logs show it at every run) and the same exit code.
    const cli = await runMain(['--config', join(root, 'site-config.yaml'), '--out', join(root, 'out'), 'build']);
    assert.equal(cli.code, 0, cli.stdout);
    assert.match(cli.stdout, /warning \[example-valid\]/);
    assert.match(
      cli.stdout,
      /\/site is up to date: nothing it is built from has changed since it was built \(\d+ pages(, with [^)]*)?\);/,
    );
    assert.match(cli.stdout, /: 0 errors, 1 warning\n$/);
    await rm(root, { recursive: true, force: true });
  });

  test('is a build again after any change to what it reads, to its options or to its output', async () => {
    const root = await makeProject('unchanged-changes');
    const out = join(root, 'out');
    await buildOk(root);
    const again = async (what: string, more: Partial<BuildOptions> = {}): Promise<void> => {
      assert.equal((await buildOk(root, more)).unchanged, false, `${what}: built`);
      assert.equal((await buildOk(root, more)).unchanged, true, `${what}: then up to date`);
    };

    // The same number of bytes: sources are compared by content, not by size or time.
    const page = join(root, 'content/docs/index.mdx');
    await writeFile(page, (await readFile(page, 'utf8')).replace('first version', 'other version'));
    await again('a page edited');
    assert.match(await home(root), /The other version/);

    await writeFile(join(root, 'content/docs/dot.png'), PNG_BLUE);
    await again('an image changed');
    await writeFile(join(root, 'openapi/shop/1.0.0.yaml'), contract('List every item'));
    await again('a contract changed');
    assert.match(await readFile(join(out, 'site/api/shop/index.html'), 'utf8'), /List every item/);
    await writeFile(join(root, 'content/docs/new.mdx'), '---\ntitle: New\ndescription: A new page.\n---\n\nNew.\n');
    await again('a page added');
    // Content discovery reads a folder named node_modules like any other: so does the fingerprint.
    await mkdir(join(root, 'content/docs/node_modules'));
    await writeFile(
      join(root, 'content/docs/node_modules/deep.mdx'),
      '---\ntitle: Deep\ndescription: A page in an odd folder.\n---\n\nDeep.\n',
    );
    await again('a page added under node_modules');
    await writeFile(
      join(root, 'content/docs/node_modules/deep.mdx'),
      '---\ntitle: Deep\ndescription: A page in an odd folder.\n---\n\nDeeper.\n',
    );
    await again('a page under node_modules edited');
    assert.match(await readFile(join(out, 'site/docs/node_modules/deep/index.html'), 'utf8'), /Deeper\./);
    await writeFile(
      join(root, 'site-config.yaml'),
      `${await readFile(join(root, 'site-config.yaml'), 'utf8')}tagline: Now with a tagline.\n`,
    );
    await again('the config changed');

    await again('--no-git-dates', { gitDates: false });
    await again('--rule', { gitDates: false, rules: { 'example-valid': 'off' } });
    await again('--acknowledge-breaking', {
      gitDates: false,
      rules: { 'example-valid': 'off' },
      acknowledgeBreaking: true,
    });
    await again('back to the defaults');
    // --strict with a warning: the build fails, and the output stays the last good build.
    const strict = await build(options(root, { strict: true }));
    assert.equal(strict.report, undefined);
    assert.equal(strict.unchanged, false);

    // The output: a file rewritten in place with as many bytes, right after the build; one removed; one added.
    const robots = join(out, 'site/robots.txt');
    const original = await readFile(robots);
    await writeFile(robots, Buffer.alloc(original.byteLength, 'x'));
    await again('a file of the output rewritten');
    assert.deepEqual(await readFile(robots), original);
    await rm(robots);
    await again('a file of the output removed');
    assert.deepEqual(await readFile(robots), original);
    await writeFile(join(out, 'site/extra.html'), 'not built');
    await again('a file added to the output');
    await assert.rejects(stat(join(out, 'site/extra.html')));

    // Without the cache, always a build.
    const uncached = await build(options(root, { cache: false }));
    assert.equal(uncached.unchanged, false);
    await rm(root, { recursive: true, force: true });
  });

  test('is a build again when git dates a page differently, its file unchanged', async () => {
    const root = await makeProject('unchanged-git');
    const git = (args: readonly string[], date: string): void => {
      const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
      execFileSync('git', ['-c', 'commit.gpgsign=false', ...args], { cwd: root, env, stdio: 'ignore' });
    };
    git(['init', '-q'], '2024-01-15T10:00:00Z');
    git(['config', 'user.name', 'Fixture'], '2024-01-15T10:00:00Z');
    git(['config', 'user.email', 'fixture@example.com'], '2024-01-15T10:00:00Z');
    git(['add', '.'], '2024-01-15T10:00:00Z');
    git(['commit', '-q', '-m', 'first'], '2024-01-15T10:00:00Z');
    const page = join(root, 'content/docs/index.mdx');
    await writeFile(page, `${await readFile(page, 'utf8')}\nMore.\n`);
    await buildOk(root);
    assert.match(await home(root), /dateTime="2024-01-15"/);
    assert.equal((await buildOk(root)).unchanged, true);

    // The edit, built already, is committed: the page is the same file, with a new date.
    git(['commit', '-q', '-am', 'second'], '2024-03-07T10:00:00Z');
    assert.equal((await buildOk(root)).unchanged, false);
    assert.match(await home(root), /dateTime="2024-03-07"/);
    await rm(root, { recursive: true, force: true });
  });

  test('is a build again when an image reached through a linked folder changes', async () => {
    const root = await makeProject('unchanged-linked');
    await mkdir(join(root, 'images'));
    await writeFile(join(root, 'images/pic.png'), PNG_RED);
    await symlink('../../images', join(root, 'content/docs/linked'));
    const page = join(root, 'content/docs/index.mdx');
    await writeFile(page, `${await readFile(page, 'utf8')}\n![A picture](./linked/pic.png)\n`);
    await buildOk(root);
    const picture = async (): Promise<string | undefined> =>
      /src="\/assets\/images\/(pic\.[0-9a-f]{8}\.png)"/.exec(await home(root))?.[1];
    const before = await picture();
    assert.equal((await buildOk(root)).unchanged, true);

    // A folder's walk does not follow the link: the image counts where it is.
    await writeFile(join(root, 'images/pic.png'), PNG_BLUE);
    assert.equal((await buildOk(root)).unchanged, false);
    const after = await picture();
    assert.ok(before && after && before !== after, `${before} → ${after}`);
    await rm(root, { recursive: true, force: true });
  });

  test('is not recorded for a folder another build swapped its output into meanwhile', async () => {
    const root = await makeProject('unchanged-race');
    await buildOk(root);
    // A build with other options finishes as if another one's swap had come between its own and its
    // record: the report in the folder is not the one it wrote, so it records nothing.
    const other = options(root, { gitDates: false });
    const parts = {
      cache: BuildCache.forProject(root, true),
      config: { rootDir: root, contentDir: 'content' },
      content: { docs: [], lastUpdated: new Map() },
    } as unknown as SiteParts;
    const files = new Map([['build-report.json', '{"totalMs": 1}\n']]);
    const report = JSON.parse(await readFile(join(root, 'out/build-report.json'), 'utf8')) as BuildReport;
    // Started after every source was written (the report's time): only the report can stop the record.
    const started = (await stat(join(root, 'out/build-report.json'), { bigint: true })).mtimeNs;
    await recordBuild(other, { diagnostics: [], files, report, parts }, OUTPUT_ENTRIES, buildStart(other, started));
    assert.equal(await unchangedBuild(other, OUTPUT_ENTRIES), undefined);
    // The folder's own record still holds.
    assert.ok(await unchangedBuild(options(root), OUTPUT_ENTRIES));
    await rm(root, { recursive: true, force: true });
  });

  test('is a build again when templates/ is not what the last build found (a client bundled afresh)', async () => {
    const root = await makeProject('unchanged-templates');
    await buildOk(root);
    const cache = BuildCache.forProject(root, true);
    const key = recordKey(cache, join(root, 'out'));
    const record = await cache.get<{ templates: string }>('output', key);
    assert.ok(record);
    assert.equal(record.templates, await templatesFingerprint());
    assert.equal((await buildOk(root)).unchanged, true);
    await cache.set('output', key, { ...record, templates: 'another templates/' });
    assert.equal((await buildOk(root)).unchanged, false);
    await rm(root, { recursive: true, force: true });
  });

  test("templates/' fingerprint follows its files' content and names", async () => {
    const copy = await tempDir('unchanged-templates-copy');
    await cp(join(ROOT, 'templates'), copy, { recursive: true });
    const before = await templatesFingerprint(copy);
    assert.equal(before, await templatesFingerprint(join(ROOT, 'templates')));
    const file = join(copy, 'styles/site.css');
    await writeFile(file, `${await readFile(file, 'utf8')}\n/* edited */\n`);
    const edited = await templatesFingerprint(copy);
    assert.notEqual(edited, before);
    await rename(file, join(copy, 'styles/renamed.css'));
    assert.notEqual(await templatesFingerprint(copy), edited);
    await rm(copy, { recursive: true, force: true });
  });

  test('is a build again after a source was edited while the last build ran, after it read the file', async () => {
    const root = await makeProject('unchanged-during');
    const page = join(root, 'content/docs/index.mdx');
    const text = await readFile(page, 'utf8');
    // The page is read in the content stage; it is edited once rendering starts (same length, so the
    // folder's listing is all that could tell), and the build ends hashing the edited file.
    const during = await build(
      options(root, {
        onStage: (stage) => {
          if (stage === 'render') writeFileSync(page, text.replace('first version', 'fresh version'));
        },
      }),
    );
    assert.ok(during.report);
    assert.match(await home(root), /The first version/);
    const next = await buildOk(root);
    assert.equal(next.unchanged, false);
    assert.match(await home(root), /The fresh version/);
    assert.equal((await buildOk(root)).unchanged, true);

    // A folder of pages read, then removed, while the build runs: the report finds it gone at the end.
    await mkdir(join(root, 'content/pages'));
    await writeFile(
      join(root, 'content/pages/about.mdx'),
      '---\ntitle: About\ndescription: About us.\n---\n\nAbout.\n',
    );
    await buildOk(root);
    // Edited, so that the next build has something to do.
    await writeFile(
      join(root, 'content/pages/about.mdx'),
      '---\ntitle: About\ndescription: About us.\n---\n\nAbout again.\n',
    );
    const removing = await build(
      options(root, {
        onStage: (stage) => {
          if (stage === 'render') rmSync(join(root, 'content/pages'), { recursive: true });
        },
      }),
    );
    assert.equal(removing.unchanged, false);
    assert.match(await readFile(join(root, 'out/site/about/index.html'), 'utf8'), /About again\./);
    assert.equal((await buildOk(root)).unchanged, false);
    assert.equal(existsSync(join(root, 'out/site/about/index.html')), false);
    await rm(root, { recursive: true, force: true });
  });
});
