import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, test } from 'node:test';
import { OutputError } from '../generator/write/output-error.js';
import { StagingFolder } from '../generator/write/replace-folders.js';
import { CLI, runMain, tempDir, type Run } from './helpers.js';
import {
  A,
  assertOnlyEntries,
  assertOutputError,
  B,
  FAILING,
  mount,
  mounted,
  snapshot,
  unmountAll,
} from './hostile-output-helpers.js';

after(unmountAll);

/** A build's files but its report, which holds timings; the report's pages stand for it. */
async function withoutTimings(dir: string): Promise<{ files: Map<string, string>; pages: unknown }> {
  const files = await snapshot(dir);
  files.delete('build-report.json');
  const report = JSON.parse(await readFile(join(dir, 'build-report.json'), 'utf8')) as { pages: unknown };
  return { files, pages: report.pages };
}

/** Builds references of A and B once: the output every later build must equal as a whole. */
const references = (async () => {
  const [a, b] = [await tempDir('ref-a'), await tempDir('ref-b')];
  assert.equal((await runMain(['build', '--config', A, '--out', a])).code, 0);
  assert.equal((await runMain(['build', '--config', B, '--out', b])).code, 0);
  return { a: await withoutTimings(a), b: await withoutTimings(b) };
})();

/** Starts a build whose swap pauses between renames (a hook for tests only), answering its exit. */
function slowBuild(
  config: string,
  out: string,
  pauseMs: number,
): { child: ReturnType<typeof spawn>; done: Promise<Run> } {
  const child = spawn(process.execPath, [CLI, 'build', '--config', config, '--out', out], {
    env: { ...process.env, SPECSITE_TEST_SWAP_PAUSE_MS: String(pauseMs) },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Run>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code: code ?? (signal ? -1 : 0), stdout, stderr })),
  );
  return { child, done };
}

async function until(condition: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

/**
 * Builds `config` into `out` and kills it with SIGKILL in the middle of its swap: once
 * build-report.json and schemas/ are swapped, before site/ and types/ are.
 */
async function killMidSwap(config: string, out: string): Promise<void> {
  const slow = slowBuild(config, out, 200);
  await until(async () => existsSync(join(out, '.specsite-swap.json')) && existsSync(join(out, 'schemas')));
  slow.child.kill('SIGKILL');
  await slow.done;
}

describe('the output swap: all of one build or all of the other', () => {
  test('a rename that fails mid-swap (out/site is a mount point: EBUSY) puts back every entry already swapped', async () => {
    const out = join(await tempDir('busy'), 'out');
    assert.equal((await runMain(['build', '--config', A, '--out', out])).code, 0);
    const before = await snapshot(out);
    // B's entries are swapped in order: build-report.json and schemas/ (new) before site/, which cannot move.
    mount('--bind', join(out, 'site'), join(out, 'site'));
    const run = await runMain(['build', '--config', B, '--out', out]);
    assertOutputError(run, out, /cannot replace .*\/out\/site: it is busy \(a mount point/);
    assert.deepEqual(await snapshot(out), before);
    await assertOnlyEntries(out);
    execFileSync('umount', [join(out, 'site')]);
    mounted.pop();
    // Once the mount is gone, the next build goes through.
    assert.equal((await runMain(['build', '--config', B, '--out', out])).code, 0);
    assert.deepEqual(await withoutTimings(out), (await references).b);
  });

  test('when putting back fails too, the journal stays and the next build finishes putting the previous output back', async () => {
    const out = join(await tempDir('busy-twice'), 'out');
    assert.equal((await runMain(['build', '--config', A, '--out', out])).code, 0);
    const before = await snapshot(out);
    mount('--bind', join(out, 'site'), join(out, 'site'));
    const slow = slowBuild(B, out, 150);
    // Once B's schemas/ is swapped in, it becomes a mount point as well: it cannot be moved back out.
    await until(() => existsSync(join(out, 'schemas')));
    mount('--bind', join(out, 'schemas'), join(out, 'schemas'));
    const run = await slow.done;
    assert.equal(run.code, 1);
    assert.match(
      run.stdout,
      /^\S+\/out error \[output\] cannot replace \S+\/out\/site: it is busy .*; then cannot put back \S+\/out\/schemas: it is busy .*; the next build puts the previous output back\n/,
    );
    assert.ok(existsSync(join(out, '.specsite-swap.json')));
    for (const point of ['schemas', 'site']) {
      execFileSync('umount', [join(out, point)]);
      mounted.splice(mounted.indexOf(join(out, point)), 1);
    }
    // The next command, although it fails itself, puts the rest back first.
    assert.equal((await runMain(['build', '--config', FAILING, '--out', out])).code, 1);
    assert.deepEqual(await snapshot(out), before);
    await assertOnlyEntries(out);
  });

  test('a build without schemas after one with: the old schemas/ goes with the swap, out/ is the second build alone', async () => {
    const out = join(await tempDir('owned'), 'out');
    assert.equal((await runMain(['build', '--config', B, '--out', out])).code, 0);
    assert.ok(existsSync(join(out, 'schemas')));
    assert.equal((await runMain(['build', '--config', A, '--out', out])).code, 0);
    assert.deepEqual(await withoutTimings(out), (await references).a);
    await assertOnlyEntries(out);
    // A folder that holds no build (no report) may be the user's own: a `schemas/` there stays.
    const own = join(await tempDir('owned-user'), 'out');
    await mkdir(join(own, 'schemas'), { recursive: true });
    await writeFile(join(own, 'schemas', 'mine.json'), '{}');
    assert.equal((await runMain(['build', '--config', A, '--out', own])).code, 0);
    assert.equal(await readFile(join(own, 'schemas', 'mine.json'), 'utf8'), '{}');
  });

  test('a build killed mid-swap is finished by the next command, which removes its leftovers', async () => {
    const { b } = await references;
    const out = join(await tempDir('killed'), 'out');
    assert.equal((await runMain(['build', '--config', A, '--out', out])).code, 0);
    await killMidSwap(B, out);
    assert.ok(existsSync(join(out, '.specsite-swap.json')), 'the kill came after the swap');
    assert.ok((await readdir(out)).some((name) => name.startsWith('.staging-')));
    // The next build fails (invalid MDX) and so writes nothing of its own, but finishes the swap first.
    const next = await runMain(['build', '--config', FAILING, '--out', out]);
    assert.equal(next.code, 1);
    assert.deepEqual(await withoutTimings(out), b);
    await assertOnlyEntries(out);
  });

  test('serve finishes a swap that a killed build left before it serves', async () => {
    const out = join(await tempDir('killed-serve'), 'out');
    assert.equal((await runMain(['build', '--config', A, '--out', out])).code, 0);
    await killMidSwap(B, out);
    const server = spawn(process.execPath, [CLI, 'serve', '--config', B, '--out', out, '--port', '0']);
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let text = '';
        server.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          const match = /at (http:\/\/[^/\s]+)\//.exec(text);
          if (match?.[1]) resolve(match[1]);
        });
        server.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${text}`)));
      });
      assert.equal(existsSync(join(out, '.specsite-swap.json')), false);
      assert.deepEqual(await withoutTimings(out), (await references).b);
      assert.equal((await fetch(`${origin}/api/shop/`)).status, 200);
    } finally {
      server.kill();
    }
  });

  test('two builds into one folder at once: both succeed, one after the other, and the folder holds one whole build', async () => {
    const { a, b } = await references;
    const out = join(await tempDir('two'), 'out');
    // Slow swaps, so that without the lock the two would interleave (ENOTEMPTY, or a mix).
    const [first, second] = [slowBuild(A, out, 150), slowBuild(B, out, 150)];
    const runs = await Promise.all([first.done, second.done]);
    for (const run of runs) assert.equal(run.code, 0, run.stdout + run.stderr);
    const result = await withoutTimings(out);
    assert.ok(
      [a, b].some(
        (reference) =>
          JSON.stringify([...reference.files]) === JSON.stringify([...result.files]) &&
          JSON.stringify(reference.pages) === JSON.stringify(result.pages),
      ),
      'out/ is all of A or all of B',
    );
    await assertOnlyEntries(out);
  });

  test("a build waits for a live lock holder a bounded time, then refuses with one line; a dead holder's lock is taken over", async () => {
    const out = join(await tempDir('lock'), 'out');
    await mkdir(out);
    const sleeper = spawn('sleep', ['30']);
    try {
      await writeFile(
        join(out, '.specsite.lock'),
        JSON.stringify({ pid: sleeper.pid, since: '2026-01-01T00:00:00.000Z' }),
      );
      const started = Date.now();
      await assert.rejects(StagingFolder.open(out, { lockWaitMs: 300 }), (error: unknown) => {
        assert.ok(error instanceof OutputError);
        assert.equal(error.diagnostic.rule, 'output');
        assert.match(
          error.diagnostic.message,
          new RegExp(
            `another specsite build \\(pid ${sleeper.pid}, since 2026-01-01T00:00:00.000Z\\) is writing there, for over 0.3 s; wait for it to finish, or remove .*\\.specsite\\.lock if no build runs`,
          ),
        );
        return true;
      });
      assert.ok(Date.now() - started >= 300);
    } finally {
      sleeper.kill('SIGKILL');
      await new Promise((resolve) => sleeper.once('exit', resolve));
    }
    // The holder is gone now: its lock is stale.
    const run = await runMain(['build', '--config', A, '--out', out]);
    assert.equal(run.code, 0, run.stdout);
    await assertOnlyEntries(out);
  });

  test("leftovers of builds that are gone (staging, moved-aside output) are removed; a live build's are not", async () => {
    const out = join(await tempDir('leftovers'), 'out');
    assert.equal((await runMain(['build', '--config', A, '--out', out])).code, 0);
    const gone = spawn('true');
    await new Promise((resolve) => gone.once('exit', resolve));
    for (const name of [`.staging-${gone.pid}`, `.previous-${gone.pid}-3`, `.trash-${gone.pid}-0`])
      await mkdir(join(out, name, 'site'), { recursive: true });
    await writeFile(join(out, `.specsite-swap.json.${gone.pid}`), '{');
    // A staging folder of a process that runs may be a build's that is writing: it stays.
    const sleeper = spawn('sleep', ['30']);
    const live = `.staging-${sleeper.pid}-0`;
    await mkdir(join(out, live));
    try {
      assert.equal((await runMain(['build', '--config', A, '--out', out])).code, 0);
    } finally {
      sleeper.kill('SIGKILL');
    }
    assert.deepEqual((await readdir(out)).sort(), [live, 'build-report.json', 'mcp', 'site', 'types'].sort());
  });
});
