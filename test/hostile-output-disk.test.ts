import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdir, readFile, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { StagingFolder } from '../generator/write/replace-folders.js';
import { runMain, tempDir } from './helpers.js';
import {
  A,
  assertOnlyEntries,
  assertOutputError,
  B,
  escapeRegExp,
  FAILING,
  mount,
  snapshot,
  unmountAll,
} from './hostile-output-helpers.js';

after(unmountAll);

describe('a disk that cannot take the output: one located line, out/ unchanged', () => {
  test('the output folder is a file', async () => {
    const out = join(await tempDir('out-file'), 'out');
    await writeFile(out, 'not a folder');
    assertOutputError(
      await runMain(['build', '--config', A, '--out', out]),
      out,
      /cannot write .*\/out: a file is where a folder should be; remove it, or pass --out DIR$/,
    );
    assert.equal(await readFile(out, 'utf8'), 'not a folder');
    // The types command writes through the same folder.
    const types = await runMain(['types', '--config', A, '--out', out]);
    assert.equal(types.code, 1);
    assert.match(types.stdout, new RegExp(`^${escapeRegExp(out)} error \\[output\\] cannot write `, 'm'));
  });

  test("the output folder's parent is a file", async () => {
    const parent = join(await tempDir('parent-file'), 'parent');
    await writeFile(parent, 'x');
    const out = join(parent, 'out');
    assertOutputError(await runMain(['build', '--config', A, '--out', out]), out, /a file is where a folder should be/);
  });

  test('out/site is a file (or out/types a folder where a file goes): refused, not replaced', async () => {
    const out = join(await tempDir('site-file'), 'out');
    assert.equal((await runMain(['build', '--config', A, '--out', out])).code, 0);
    execFileSync('rm', ['-r', join(out, 'site')]);
    await writeFile(join(out, 'site'), 'mine');
    const before = await snapshot(out);
    assertOutputError(
      await runMain(['build', '--config', A, '--out', out]),
      out,
      /cannot replace .*\/out\/site: it is a file and the build makes a folder there; move it away, or pass --out DIR$/,
    );
    assert.deepEqual(await snapshot(out), before);
    await assertOnlyEntries(out);
  });

  test('a missing parent is created, and a failed first build leaves none of it behind', async () => {
    const root = await tempDir('missing-parent');
    assert.equal((await runMain(['build', '--config', FAILING, '--out', join(root, 'a/b/out')])).code, 1);
    assert.deepEqual(await readdir(root), []);
    assert.equal((await runMain(['build', '--config', A, '--out', join(root, 'a/b/out')])).code, 0);
    await assertOnlyEntries(join(root, 'a/b/out'));
  });

  test('a read-only output folder, and a read-only parent of a missing one (EROFS)', async () => {
    const disk = await tempDir('read-only');
    mount('-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', disk);
    const out = join(disk, 'out');
    assert.equal((await runMain(['build', '--config', A, '--out', out])).code, 0);
    const before = await snapshot(out);
    execFileSync('mount', ['-o', 'remount,ro', disk]);
    assertOutputError(
      await runMain(['build', '--config', B, '--out', out]),
      out,
      /: the file system is read-only; pass --out DIR on a writable disk$/,
    );
    assert.deepEqual(await snapshot(out), before);
    const fresh = join(disk, 'fresh');
    assertOutputError(
      await runMain(['build', '--config', A, '--out', fresh]),
      fresh,
      /cannot write .*\/fresh: the file system is read-only/,
    );
  });

  test('a full disk (ENOSPC) while the pages are written', async () => {
    const disk = await tempDir('full');
    mount('-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', disk);
    const out = join(disk, 'out');
    assert.equal((await runMain(['build', '--config', A, '--out', out])).code, 0);
    const before = await snapshot(out);
    // Leave room for the lock and the staging folder, not for a whole site.
    const free = await statfs(disk);
    await writeFile(join(disk, 'filler'), Buffer.alloc(Math.max(0, free.bavail * free.bsize - 48 * 1024)));
    assertOutputError(
      await runMain(['build', '--config', B, '--out', out]),
      out,
      /cannot write .*\/out\/(site|schemas|types|build-report\.json): no space left on device; free some space, then build again$/,
    );
    assert.deepEqual(await snapshot(out), before);
    await assertOnlyEntries(out);
  });
});

describe('the writer: nothing outside its staging folder', () => {
  test('refuses absolute paths, .. and . segments, empty segments, backslashes, control characters and its own names', async () => {
    const root = await tempDir('writer');
    const out = join(root, 'out');
    const staging = await StagingFolder.open(out);
    try {
      for (const path of [
        '../x',
        '/abs',
        '/etc/passwd',
        'a\\b',
        'site\\..\\..\\x',
        'a/../../b',
        'site/../../x',
        'site/./x',
        'site//x',
        'site/',
        '',
        'site/a\0b',
        'site/a\nb',
        '.specsite.lock',
        '.staging-1/x',
        '..',
      ]) {
        await assert.rejects(
          staging.write(path, 'x'),
          /refusing to write .* into the output folder/,
          JSON.stringify(path),
        );
      }
      await staging.write('site/ok.html', 'fine');
    } finally {
      await staging.discard();
    }
    // Nothing was written beside the output folder, and the failed (never committed) first build left no folder.
    assert.deepEqual(await readdir(root), []);
  });
});
