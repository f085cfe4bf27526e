import assert from 'node:assert/strict';
import { link, mkdir, readFile, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { outputEntries, type OutputEntry } from '../generator/write/output-stats.js';
import { replaceFolders, StagingFolder } from '../generator/write/replace-folders.js';
import { tempDir } from './helpers.js';

const ino = async (path: string): Promise<number> => (await stat(path)).ino;
const text = (path: string): Promise<string> => readFile(path, 'utf8');

/** A build's output in a new folder (with its report, so that the next one replaces it): the output folder. */
async function previousOutput(name: string, files: Record<string, string>): Promise<{ root: string; out: string }> {
  const root = await tempDir(name);
  const out = join(root, 'out');
  await replaceFolders(out, new Map([...Object.entries(files), ['build-report.json', '{}']]));
  return { root, out };
}

describe('a rebuild links what the previous output holds already', () => {
  test('an unchanged file is the same file, a changed one a new file; the previous output is never written through', async () => {
    const { root, out } = await previousOutput('unchanged', {
      'site/same.html': 'same',
      'site/changed.html': 'before',
      'site/again.html': 'first',
    });
    // Second names outside the output for the previous files: what happens to those files shows there.
    for (const name of ['same', 'changed', 'again']) await link(join(out, `site/${name}.html`), join(root, name));
    const sameBefore = await ino(join(out, 'site/same.html'));

    const staging = await StagingFolder.open(out);
    try {
      await staging.write('site/same.html', 'same');
      await staging.write('site/changed.html', 'after');
      // Linked (it equals the previous file), then written again, as a page rendered twice is.
      await staging.write('site/again.html', 'first');
      await staging.write('site/again.html', 'second');
      await staging.write('build-report.json', '{}');
      // Until the swap, the previous output is as it was.
      assert.equal(await text(join(out, 'site/again.html')), 'first');
      assert.equal(await text(join(out, 'site/changed.html')), 'before');
      await staging.commit(['build-report.json', 'site']);
    } finally {
      await staging.discard();
    }

    assert.equal(await text(join(out, 'site/same.html')), 'same');
    assert.equal(await ino(join(out, 'site/same.html')), sameBefore, 'the unchanged file is linked, not written');
    assert.equal(await text(join(out, 'site/changed.html')), 'after');
    assert.equal(await text(join(out, 'site/again.html')), 'second');
    // The previous files kept their bytes: nothing was written into them.
    assert.equal(await text(join(root, 'changed')), 'before');
    assert.equal(await text(join(root, 'again')), 'first');
    assert.notEqual(await ino(join(out, 'site/again.html')), await ino(join(root, 'again')));
  });

  test('a path written twice at once (two pages on one route) is written one after the other, the later bytes kept', async () => {
    const { root, out } = await previousOutput('unchanged-twice', { 'site/x.html': 'one' });
    await link(join(out, 'site/x.html'), join(root, 'x'));
    const staging = await StagingFolder.open(out);
    try {
      // The first is linked from the previous output, the second replaces it: neither fails, neither writes into it.
      await Promise.all([staging.write('site/x.html', 'one'), staging.write('site/x.html', 'two')]);
      await Promise.all([
        staging.write('site/y.html', 'a'),
        staging.write('site/y.html', 'b'),
        staging.write('site/y.html', 'c'),
      ]);
      await staging.write('build-report.json', '{}');
      await staging.commit(['build-report.json', 'site']);
    } finally {
      await staging.discard();
    }
    assert.equal(await text(join(out, 'site/x.html')), 'two');
    assert.equal(await text(join(out, 'site/y.html')), 'c');
    assert.equal(await text(join(root, 'x')), 'one');
  });

  test('nothing is linked through a symbolic link in the previous output, nor from a file that is one', async () => {
    const { root, out } = await previousOutput('unchanged-links', {
      'site/docs/page.html': 'page',
      'site/top.html': 'top',
    });
    // Files outside the project, with the very bytes the build makes, put where the previous output's were.
    const elsewhere = join(root, 'elsewhere');
    await mkdir(elsewhere);
    await writeFile(join(elsewhere, 'page.html'), 'page');
    await writeFile(join(elsewhere, 'top.html'), 'top');
    await rm(join(out, 'site/docs'), { recursive: true });
    await symlink(elsewhere, join(out, 'site/docs'));
    await rm(join(out, 'site/top.html'));
    await symlink(join(elsewhere, 'top.html'), join(out, 'site/top.html'));

    await replaceFolders(
      out,
      new Map([
        ['site/docs/page.html', 'page'],
        ['site/top.html', 'top'],
        ['build-report.json', '{}'],
      ]),
      ['build-report.json', 'site'],
    );

    for (const name of ['docs/page.html', 'top.html']) {
      const built = join(out, 'site', name);
      const outside = join(elsewhere, name.replace('docs/', ''));
      assert.equal(await text(built), name === 'top.html' ? 'top' : 'page');
      assert.notEqual(await ino(built), await ino(outside), `${name} is a file of the output's own`);
      assert.equal((await stat(outside)).nlink, 1, `${name}: the file outside has no second name`);
    }
  });

  test('a file the last build recorded is linked unread only while it is the file recorded, in a folder of the output', async () => {
    const { root, out } = await previousOutput('unchanged-recorded', {
      'site/same.html': 'same',
      'site/rewritten.html': 'before',
      'site/replaced.html': 'first',
      'site/docs/moved.html': 'moved',
    });
    const recorded = new Map<string, OutputEntry>(outputEntries(out, ['site']).map((entry) => [entry[0], entry]));
    const entry = (path: string): OutputEntry => recorded.get(path) as OutputEntry;
    const sameBefore = await ino(join(out, 'site/same.html'));
    // The same size, its write time put back: only its change time tells.
    const rewritten = join(out, 'site/rewritten.html');
    const { atime, mtime } = await stat(rewritten);
    await writeFile(rewritten, 'BEFORE');
    await utimes(rewritten, atime, mtime);
    // The same bytes in a new file.
    await rm(join(out, 'site/replaced.html'));
    await writeFile(join(out, 'site/replaced.html'), 'first');
    // The recorded file itself, but reached through a symbolic link to the folder moved elsewhere.
    await rename(join(out, 'site/docs'), join(root, 'docs'));
    await symlink(join(root, 'docs'), join(out, 'site/docs'));

    const staging = await StagingFolder.open(out);
    try {
      assert.equal(await staging.reuse('site/same.html', entry('site/same.html')), true);
      assert.equal(await staging.reuse('site/rewritten.html', entry('site/rewritten.html')), false);
      assert.equal(await staging.reuse('site/replaced.html', entry('site/replaced.html')), false);
      assert.equal(await staging.reuse('site/docs/moved.html', entry('site/docs/moved.html')), false);
      // What was not linked is written as any file is.
      await staging.write('site/rewritten.html', 'before');
      await staging.write('site/replaced.html', 'first');
      await staging.write('site/docs/moved.html', 'moved');
      await staging.write('build-report.json', '{}');
      await staging.commit(['build-report.json', 'site']);
    } finally {
      await staging.discard();
    }
    assert.equal(await ino(join(out, 'site/same.html')), sameBefore);
    assert.equal(await text(join(out, 'site/same.html')), 'same');
    assert.equal(await text(join(out, 'site/rewritten.html')), 'before');
    assert.equal(await text(join(out, 'site/docs/moved.html')), 'moved');
    assert.equal((await stat(join(root, 'docs/moved.html'))).nlink, 1, 'the moved file has no second name');
  });
});
