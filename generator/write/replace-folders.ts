import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

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
    for (const [path, content] of [...files.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const target = join(staging, path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, content);
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
