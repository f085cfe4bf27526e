import { existsSync } from 'node:fs';
import { mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const WRITE_BATCH = 64;

/**
 * A folder inside `outDir` that a build writes into while it runs; `commit` then swaps each
 * top-level folder (or top-level file) written into place. Until the swap the previous output is
 * untouched, so a build that fails part-way (`discard`) leaves it exactly as it was.
 */
export class StagingFolder {
  private readonly made = new Set<string>();
  private readonly tops = new Set<string>();

  private constructor(
    private readonly outDir: string,
    private readonly path: string,
    /** Whether the output folder was there before: a failed first build leaves none behind. */
    private readonly outDirExisted: boolean,
  ) {}

  static async open(outDir: string): Promise<StagingFolder> {
    const path = join(outDir, `.staging-${process.pid}`);
    await rm(path, { recursive: true, force: true });
    return new StagingFolder(outDir, path, existsSync(outDir));
  }

  /** `path` is relative to the output folder, `/`-separated. */
  async write(path: string, content: string | Uint8Array): Promise<void> {
    const target = join(this.path, path);
    const dir = dirname(target);
    if (!this.made.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.made.add(dir);
    }
    this.tops.add(path.split('/')[0] as string);
    await writeFile(target, content);
  }

  /** Many files, a batch at a time: one write after another waits on the disk for each. */
  async writeAll(files: ReadonlyMap<string, string | Uint8Array>): Promise<void> {
    const entries = [...files.entries()];
    for (let i = 0; i < entries.length; i += WRITE_BATCH) await Promise.all(entries.slice(i, i + WRITE_BATCH).map(([path, content]) => this.write(path, content)));
  }

  /** Swaps what was written into place; answers the top-level names replaced. */
  async commit(): Promise<string[]> {
    const folders = [...this.tops].sort();
    for (const folder of folders) {
      const live = join(this.outDir, folder);
      await rename(live, join(this.path, `.previous-${folder}`)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await rename(join(this.path, folder), live);
    }
    await this.discard();
    return folders;
  }

  /** Removes the staging folder and whatever the swap moved aside. */
  async discard(): Promise<void> {
    await rm(this.path, { recursive: true, force: true });
    // Only an empty folder goes: after a commit, or if something else wrote there, this fails.
    if (!this.outDirExisted) await rmdir(this.outDir).catch(() => undefined);
  }
}

/** Writes `files` (paths relative to `outDir`) and swaps them into place, as one `StagingFolder`. */
export async function replaceFolders(outDir: string, files: ReadonlyMap<string, string | Uint8Array>): Promise<string[]> {
  const staging = await StagingFolder.open(outDir);
  try {
    await staging.writeAll(files);
    return await staging.commit();
  } finally {
    await staging.discard();
  }
}
