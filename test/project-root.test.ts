import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { page } from './hostile-content-helpers.js';
import { filesUnder } from './hostile-contracts-helpers.js';
import { runMain } from './helpers.js';
import {
  assertRefused,
  errorLines,
  fromDocs,
  monorepo,
  searchContract,
  SPEC,
  type Monorepo,
} from './project-root-helpers.js';

const CONTRACT = '../services/search/openapi.yaml';
const GIT = 'is under .git';
const IGNORED = 'is a file git ignores';

async function assertNothingWritten(m: Monorepo): Promise<void> {
  assert.equal(existsSync(join(m.docs, 'out')), false, 'nothing is written');
}

describe('--root widens the project from the command line', () => {
  test("a monorepo's docs build with --root .. and name the contract beside them", async () => {
    const m = await monorepo('builds');
    const refused = await fromDocs(m, ['build', '--no-git-dates']);
    assertRefused(refused, m, 'site-config.yaml:5:11', `spec "${SPEC}" is outside the project`);
    await assertNothingWritten(m);

    const built = await fromDocs(m, ['--root', '..', 'build', '--no-git-dates']);
    assert.equal(built.code, 0, built.stdout + built.stderr);
    const report = JSON.parse(await readFile(join(m.docs, 'out/build-report.json'), 'utf8')) as {
      inputs: { paths: string[] };
    };
    // The report lists what was read under the wider project, relative to it.
    assert.ok(report.inputs.paths.includes('services/search/openapi.yaml'), report.inputs.paths.join(' '));
    assert.ok(report.inputs.paths.includes('services/search/schemas.yaml'), report.inputs.paths.join(' '));
    assert.ok(report.inputs.paths.includes('docs/site-config.yaml'), report.inputs.paths.join(' '));
    for (const [path, text] of await filesUnder(join(m.docs, 'out')))
      assert.ok(!text.includes(m.marker), `the secret reached ${path}`);
  });

  test('problems in a file outside the config folder are located from the working folder', async () => {
    const m = await monorepo('located', { 'services/search/openapi.yaml': searchContract("'./none.yaml#/X'") });
    const run = await fromDocs(m, ['--root', '..', 'validate']);
    assert.equal(run.code, 1, run.stdout);
    assert.deepEqual(
      errorLines(run).map((line) => line.split(' error ')[0]),
      [`${CONTRACT}:15:23`],
      run.stdout,
    );
  });

  test('a --root that does not contain the config is a usage error', async () => {
    const m = await monorepo('usage');
    const run = await fromDocs(m, ['--root', '../services', 'validate']);
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.equal(run.stdout, '');
    const first = run.stderr.split('\n')[0] ?? '';
    assert.ok(first.includes('--root "../services" does not contain the config'), run.stderr);
  });
});

describe('inside the project, .git/ is never read', () => {
  test('a $ref into .git/config is refused, with --root', async () => {
    const m = await monorepo('git-ref', { 'services/search/openapi.yaml': searchContract("'../../.git/config'") });
    assertRefused(await fromDocs(m, ['--root', '..', 'build']), m, `${CONTRACT}:15:23`, GIT);
    await assertNothingWritten(m);
  });

  test('an image in .git/ is refused, with --root', async () => {
    const m = await monorepo('git-image', { 'docs/content/docs/index.mdx': page('![x](../../../.git/config)') });
    assertRefused(await fromDocs(m, ['--root', '..', 'build']), m, 'content/docs/index.mdx:6:1', GIT);
    await assertNothingWritten(m);
  });

  test("a $ref to a worktree's .git file is refused", async () => {
    const m = await monorepo('git-file', { 'services/search/openapi.yaml': searchContract("'./.git'") });
    await writeFile(join(m.repo, 'services/search/.git'), `gitdir: ${m.marker}\n`);
    assertRefused(await fromDocs(m, ['--root', '..', 'validate']), m, `${CONTRACT}:15:23`, GIT);
  });

  test('a $ref into .git/ is refused without --root too', async () => {
    const m = await monorepo('git-plain', {
      'site-config.yaml':
        'title: Mono\nurl: https://docs.example\napis:\n  - id: search\n    spec: services/search/openapi.yaml\n',
      'services/search/openapi.yaml': searchContract("'../../.git/config'"),
    });
    const run = await fromDocs(m, ['validate'], m.repo);
    assertRefused(run, m, 'services/search/openapi.yaml:15:23', GIT);
  });
});

describe('with --root, what git ignores is never read', () => {
  test('a $ref to an ignored .env is refused', async () => {
    const m = await monorepo('ignored-ref', { 'services/search/openapi.yaml': searchContract("'../../.env#/Leak'") });
    assertRefused(await fromDocs(m, ['--root', '..', 'build']), m, `${CONTRACT}:15:23`, IGNORED);
    await assertNothingWritten(m);
  });

  test('an image in an ignored folder is refused', async () => {
    const m = await monorepo('ignored-image', {
      'docs/content/docs/index.mdx': page('![x](../../../secrets/logo.png)'),
    });
    assertRefused(await fromDocs(m, ['--root', '..', 'build']), m, 'content/docs/index.mdx:6:1', IGNORED);
    await assertNothingWritten(m);
  });

  test('a spec in an ignored folder is refused', async () => {
    const m = await monorepo('ignored-spec', {
      'docs/site-config.yaml':
        'title: Mono\nurl: https://docs.example\napis:\n  - id: search\n    spec: ../secrets/openapi.yaml\n',
    });
    assertRefused(await fromDocs(m, ['--root', '..', 'build']), m, 'site-config.yaml:5:11', IGNORED);
    await assertNothingWritten(m);
  });
});

describe('git, asked what it ignores, runs nothing the repository names', () => {
  test('an fsmonitor program in .git/config is not run', async () => {
    const m = await monorepo('fsmonitor');
    const ran = join(m.repo, '..', 'fsmonitor-ran');
    const hook = join(m.repo, '..', 'hook.sh');
    await writeFile(hook, `#!/bin/sh\ntouch '${ran}'\n`, { mode: 0o755 });
    execFileSync('git', ['config', 'core.fsmonitor', hook], { cwd: m.repo });
    const run = await fromDocs(m, ['--root', '..', 'validate']);
    assert.equal(run.code, 0, run.stdout);
    assert.equal(existsSync(ran), false, 'the hook ran');
  });
});

describe('the up-to-date check', () => {
  test('builds again when --root changes', async () => {
    const m = await monorepo('unchanged');
    const build = (root: string): Promise<Awaited<ReturnType<typeof runMain>>> => {
      const cwd = process.cwd();
      process.chdir(m.docs);
      return runMain(['--root', root, 'build', '--no-git-dates']).finally(() => process.chdir(cwd));
    };
    const first = await build('..');
    assert.equal(first.code, 0, first.stdout);
    const again = await build('..');
    assert.match(again.stdout, /is up to date/);
    // The folder above the repository: the same sources, another project.
    const wider = await build('../..');
    assert.equal(wider.code, 0, wider.stdout);
    assert.doesNotMatch(wider.stdout, /is up to date/);
  });
});
