import assert from 'node:assert/strict';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { readEntryFile } from '../generator/cache/sealed-entry.js';
import { tempDir } from './helpers.js';

// The cache sits in the checkout, where a pull request can put links: an entry file is read only
// when it is a regular file, and never through a link (the build's own tests plant links under keys
// the build never computes; these read each kind directly).
describe('a cache entry file', () => {
  test('a regular file is read whole; a missing one is none', async () => {
    const dir = await tempDir('entry-file');
    await writeFile(join(dir, 'entry'), 'ssc1 bytes');
    assert.equal(readEntryFile(join(dir, 'entry'))?.toString(), 'ssc1 bytes');
    assert.equal(readEntryFile(join(dir, 'missing')), undefined);
  });

  test(
    'a link, to a file elsewhere or to an endless device, and a folder are not entries',
    { timeout: 10_000 },
    async () => {
      const dir = await tempDir('entry-file-links');
      const elsewhere = join(await tempDir('entry-file-outside'), 'secret');
      await writeFile(elsewhere, 'not the cache');
      await symlink(elsewhere, join(dir, 'to-elsewhere'));
      await mkdir(join(dir, 'folder'));
      assert.equal(readEntryFile(join(dir, 'to-elsewhere')), undefined);
      assert.equal(readEntryFile(join(dir, 'folder')), undefined);
      // Read through, this one would never end.
      await symlink('/dev/zero', join(dir, 'to-zero'));
      assert.equal(readEntryFile(join(dir, 'to-zero')), undefined);
    },
  );
});
