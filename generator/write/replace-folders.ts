import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const WRITE_BATCH = 64;

/**
 * Writes `files` (paths relative to `outDir`) into a staging folder inside `outDir`, then swaps each
 * top-level folder (or top-level file) they belong to into place. Until the swap, the previous output is untouched, so
 * a failure part-way leaves it exactly as it was.
 */
export async function replaceFolders(outDir: string, files: ReadonlyMap<string, string | Uint8Array>): Promise<string[]> {
  const staging = join(outDir, `.staging-${process.pid}`);
  const folders = [...new Set([...files.keys()].map((path) => path.split('/')[0] as string))].sort();
  await rm(staging, { recursive: true, force: true });
  try {
    // Folders first, then the files a batch at a time: one write after another waits on the disk for each.
    for (const dir of [...new Set([...files.keys()].map((path) => dirname(join(staging, path))))].sort()) await mkdir(dir, { recursive: true });
    const entries = [...files.entries()];
    for (let i = 0; i < entries.length; i += WRITE_BATCH) {
      await Promise.all(entries.slice(i, i + WRITE_BATCH).map(([path, content]) => writeFile(join(staging, path), content)));
    }
    for (const folder of folders) {
      const live = join(outDir, folder);
      const old = join(staging, `.previous-${folder}`);
      await rename(live, old).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await rename(join(staging, folder), live);
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return folders;
}
