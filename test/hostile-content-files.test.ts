import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { CONTENT_BUDGET } from '../generator/config/content-budget-schema.js';
import type { FreshPage } from '../generator/content/compile.js';
import type { PageSource } from '../generator/content/types.js';
import type { PageShare } from '../generator/content/thread-tasks.js';
import { handleRequest } from '../generator/thread-tasks.js';
import { receiveShare } from '../generator/workers/thread-state.js';
import { CLI, runMain, type Run } from './helpers.js';
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

describe('content and config read nothing outside the project', () => {
  const imageCases: Array<[string, (p: Project) => string, number]> = [
    ['a relative image path', () => '![a](../../../secret.png)', 1],
    ['a percent-encoded relative image path', () => '![a](%2e%2e/%2e%2e/%2e%2e/secret.png)', 1],
    ['an image path to /proc/self/environ', () => `![e](${'../'.repeat(40)}proc/self/environ)`, 1],
    ['an <img> written in MDX', () => '<img src="../../../secret.png" alt="a" />', 6],
    ['an inline <img> in a paragraph', () => 'See <img src="../../../secret.png" alt="a" /> here.', 10],
  ];
  for (const [name, body, column] of imageCases) {
    test(`${name} is a located path-outside-project error and is never copied`, async () => {
      const p = await project({});
      await mkdir(join(p.dir, 'content/docs'), { recursive: true });
      await writeFile(join(p.dir, 'content/docs/index.mdx'), page(body(p)));
      process.env.H2A_PLANTED = p.marker;
      try {
        assertFailedWith(await run(p), [
          { file: 'content/docs/index.mdx', line: 6, column, rule: 'path-outside-project' },
        ]);
      } finally {
        delete process.env.H2A_PLANTED;
      }
      await assertNoMarker(p);
      assert.deepEqual(await filesUnder(p.out), new Map());
    });
  }

  test('an image that is a symlink to a file outside the project', async () => {
    const p = await project({ 'content/docs/index.mdx': page('![a](./pic.png)') });
    await symlink(p.secretPng, join(p.dir, 'content/docs/pic.png'));
    assertFailedWith(await run(p), [
      { file: 'content/docs/index.mdx', line: 6, column: 1, rule: 'path-outside-project' },
    ]);
    await assertNoMarker(p);
  });

  test('an image in a folder that is a symlink to a folder outside the project', async () => {
    const p = await project({ 'content/docs/index.mdx': page('![a](./outside/secret.png)') });
    await symlink(dirname(p.secretPng), join(p.dir, 'content/docs/outside'));
    assertFailedWith(await run(p), [
      { file: 'content/docs/index.mdx', line: 6, column: 1, rule: 'path-outside-project' },
    ]);
    await assertNoMarker(p);
  });

  test('the second thread, which compiles pages of large sites, refuses the same images', async () => {
    const p = await project({ 'content/docs/index.mdx': page('![a](../../../secret.png)') });
    const file = join(p.dir, 'content/docs/index.mdx');
    const share: PageShare = {
      project: { dir: p.dir },
      baseUrl: '/',
      toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      budget: CONTENT_BUDGET,
      components: [],
      fileRoutes: [[file, '/docs/']],
    };
    receiveShare('pages', share);
    const text = await readFile(file, 'utf8');
    const source: PageSource = {
      kind: 'doc',
      file,
      display: 'content/docs/index.mdx',
      relPath: 'index.mdx',
      id: 'index',
      route: '/docs/',
      format: 'mdx',
      text,
      frontMatter: {
        title: 'Page',
        titleAt: { line: 2, column: 8 },
        description: undefined,
        sidebarLabel: undefined,
        sidebarPosition: undefined,
        slug: undefined,
        id: undefined,
        search: true,
      },
    };
    const reply = await handleRequest({ kind: 'page', page: source });
    assert.ok(reply.ok);
    const fresh = reply.value as FreshPage;
    assert.equal(fresh.entry, undefined);
    assert.deepEqual(
      fresh.diagnostics.map((d) => `${d.line}:${d.column} ${d.rule}`),
      ['6:1 path-outside-project'],
    );
  });

  test('an image published once and then replaced by a symlink outside is refused by the next, cached build', async () => {
    const p = await project({ 'content/docs/index.mdx': page('![a](./pic.png)'), 'content/docs/pic.png': PNG });
    const args = ['build', '--config', join(p.dir, 'site-config.yaml'), '--out', p.out];
    assert.equal((await runMain(args)).code, 0);
    const before = await filesUnder(p.out);
    await rm(join(p.dir, 'content/docs/pic.png'));
    await symlink(p.secretPng, join(p.dir, 'content/docs/pic.png'));
    assertFailedWith(await runMain(args), [
      { file: 'content/docs/index.mdx', line: 6, column: 1, rule: 'path-outside-project' },
    ]);
    assert.deepEqual(await filesUnder(p.out), before);
    await assertNoMarker(p);
  });

  test('an absolute or file: image URL is not read from disk', async () => {
    const p = await project({});
    await mkdir(join(p.dir, 'content/docs'), { recursive: true });
    await writeFile(join(p.dir, 'content/docs/index.mdx'), page(`![a](${p.secretPng})`));
    const result = await run(p);
    assert.equal(result.code, 0, result.stdout);
    await assertNoMarker(p);
    await writeFile(join(p.dir, 'content/docs/index.mdx'), page(`![a](file://${p.secretPng})`));
    assertFailedWith(await run(p), [{ file: 'content/docs/index.mdx', line: 6, column: 1, rule: 'unsafe-url' }]);
  });

  test('a favicon outside the project, by path or by symlink, is an error at the config key (build and validate)', async () => {
    const byPath = await project({ 'content/docs/index.mdx': page('Hello.') }, 'favicon: ../secret.png\n');
    assertFailedWith(await run(byPath), [
      { file: 'site-config.yaml', line: 3, column: 10, rule: 'path-outside-project' },
    ]);
    assertFailedWith(await run(byPath, 'validate'), [
      { file: 'site-config.yaml', line: 3, column: 10, rule: 'path-outside-project' },
    ]);
    await assertNoMarker(byPath);
    const byLink = await project({ 'content/docs/index.mdx': page('Hello.') }, 'favicon: icon.png\n');
    await symlink(byLink.secretPng, join(byLink.dir, 'icon.png'));
    assertFailedWith(await run(byLink), [
      { file: 'site-config.yaml', line: 3, column: 10, rule: 'path-outside-project' },
    ]);
    await assertNoMarker(byLink);
  });

  test('a contentDir outside the project is an error at the config key', async () => {
    const p = await project({}, 'contentDir: ../elsewhere\n');
    await mkdir(join(dirname(p.dir), 'elsewhere/docs'), { recursive: true });
    await writeFile(join(dirname(p.dir), 'elsewhere/docs/index.mdx'), page(p.marker));
    assertFailedWith(await run(p), [{ file: 'site-config.yaml', line: 3, column: 13, rule: 'path-outside-project' }]);
    await assertNoMarker(p);
  });
});

/** Runs the real CLI in a shell whose open-file limit is `limit`. */
function runUnderLimit(limit: number, args: readonly string[], cwd: string): Promise<Run> {
  return new Promise((done) => {
    const child = spawn('bash', ['-c', `ulimit -n ${limit} && exec "$0" "$@"`, process.execPath, CLI, ...args], {
      cwd,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

describe('open files stay bounded', () => {
  test('1,500 pages validate and build under a limit of 256 open files', { timeout: 240_000 }, async () => {
    const p = await project({});
    // Standalone pages: no sidebar, so every page stays tiny and the test is about files, not rendering.
    await mkdir(join(p.dir, 'content/pages'), { recursive: true });
    for (let i = 0; i < 1500; i++)
      await writeFile(join(p.dir, `content/pages/p${i}.md`), page(`Page ${i}, with a ![dot](./dot.png).`, `P${i}`));
    await writeFile(join(p.dir, 'content/pages/dot.png'), PNG);
    // The cache is on: validate compiles every page and writes it, build reads them back and renders.
    const validated = await runUnderLimit(256, ['validate'], p.dir);
    assert.equal(validated.code, 0, validated.stdout + validated.stderr);
    assert.match(validated.stdout, /1500 pages: 0 errors/);
    const built = await runUnderLimit(256, ['build'], p.dir);
    assert.equal(built.code, 0, built.stdout + built.stderr);
    assert.match(built.stdout, /built 1501 pages/);
    assert.equal((await readdir(join(p.out, 'site/assets/images'))).length, 1);
  });
});
