import { mkdirSync } from 'node:fs';
import { access, mkdir, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import pLimit from 'p-limit';
import { targetInside } from './inside-folder.js';
import { activeFolders, removeLeftovers } from './leftovers.js';
import { onDisk } from './output-error.js';
import { withOutputLock } from './output-lock.js';
import { finishInterruptedSwap, JOURNAL_FILE, swap } from './swap.js';
import type { OutputEntry } from './output-stats.js';
import { UnchangedFiles } from './unchanged-files.js';

const WRITE_BATCH = 64;
/** The file every build writes: where it is, the folder holds a build. */
export const BUILD_REPORT = 'build-report.json';
let serial = 0;

export interface StagingOptions {
  /** How long to wait for another build's swap into the same folder; the default suits a person or CI. */
  lockWaitMs?: number;
}

/**
 * A folder inside `outDir` that a build writes into while it runs; `commit` then swaps each
 * top-level folder (or top-level file) written into place, all or nothing (see swap.ts). Until the
 * swap the previous output is untouched, so a build that fails part-way (`discard`) leaves it
 * exactly as it was. Every error of the disk comes out as an `OutputError`: one line for the user.
 */
export class StagingFolder {
  /** Each folder's creation, made once: the pages of one folder are written many at a time. */
  private readonly made = new Map<string, Promise<unknown>>();
  private readonly tops = new Set<string>();
  /** Each file's write, by path: one written again is removed first, never written through. */
  private readonly writing = new Map<string, Promise<unknown>>();
  private readonly unchanged: UnchangedFiles;
  /**
   * Files open at once, whoever writes: pages rendered on the second thread come back faster than
   * the disk takes them, and 1,500 writes at once ran out of descriptors under `ulimit -n 256`.
   */
  private readonly opening = pLimit(WRITE_BATCH);
  private committed = false;
  private opened = 0n;
  /** Whether a failed swap's journal needs this build's folders (see `commit`). */
  private keep = false;

  private constructor(
    private readonly outDir: string,
    private readonly name: { staging: string; previous: string },
    /** The outermost folder this build created to hold the output (the output folder itself, or one above it), if any: a failed first build leaves none behind. */
    private readonly created: string | undefined,
    private readonly options: StagingOptions,
  ) {
    this.unchanged = new UnchangedFiles(outDir);
  }

  /**
   * When the folder was made, by the file system's clock (nanoseconds): a time the times of files
   * written since can be compared with, as `Date.now()`, a finer clock ahead of it, cannot.
   */
  get openedAt(): bigint {
    return this.opened;
  }

  private get path(): string {
    return join(this.outDir, this.name.staging);
  }

  /**
   * Before anything is written: finishes a swap that a killed build left, and removes what builds
   * that are gone left behind (their staging folders, the previous output they moved aside).
   */
  static async open(outDir: string, options: StagingOptions = {}): Promise<StagingFolder> {
    outDir = resolve(outDir);
    const created = await onDisk(outDir, 'write', outDir, () => makeFolder(outDir));
    const id = `${process.pid}-${serial++}`;
    const staging = new StagingFolder(
      outDir,
      { staging: `.staging-${id}`, previous: `.previous-${id}` },
      created,
      options,
    );
    activeFolders.add(staging.name.staging).add(staging.name.previous);
    try {
      const emptyTrash = await withOutputLock(
        outDir,
        async () => {
          await finishInterruptedSwap(outDir);
          return removeLeftovers(outDir, id);
        },
        options.lockWaitMs,
      );
      await emptyTrash();
      await onDisk(outDir, 'write', outDir, () => mkdir(staging.path));
      staging.opened = (await stat(staging.path, { bigint: true })).mtimeNs;
    } catch (error) {
      await staging.discard();
      throw error;
    }
    return staging;
  }

  /** `path` is relative to the output folder, `/`-separated; one leading anywhere else is refused (a bug upstream). */
  async write(path: string, content: string | Uint8Array): Promise<void> {
    await this.put(path, async (target) => {
      // Created, never opened as it is: a file linked from the previous output is written through no name.
      // A new file's bytes are written in libuv's pool, beside this thread's work: written here, GitHub's
      // 132 MB made its build 1.19 times as long (the links and folders, a call each, are made here).
      const bytes = typeof content === 'string' ? Buffer.from(content) : content;
      if (!(await this.unchanged.link(path, target, bytes))) await writeFile(target, bytes, { flag: 'wx' });
      return true;
    });
  }

  /**
   * Links `path` from the previous output, unread, when it is still the file the last build recorded
   * (`recorded`; see `UnchangedFiles.linkAsRecorded`); answers whether it did (if not, nothing is
   * written: the caller writes the file's bytes).
   */
  reuse(path: string, recorded: OutputEntry): Promise<boolean> {
    return this.put(path, (target) => this.unchanged.linkAsRecorded(path, target, recorded));
  }

  /** Where `path` is in the staging folder (to read back a file `reuse` linked). */
  staged(path: string): string {
    return targetInside(this.path, path);
  }

  /** Puts a file at `path` with `make` (given its place in the staging folder), which answers whether it did. */
  private async put(path: string, make: (target: string) => Promise<boolean>): Promise<boolean> {
    const target = targetInside(this.path, path);
    const top = path.split('/')[0] as string;
    // A path written again (a page rendered twice, two pages on one route) waits for the write
    // before it, then replaces its file: two writes never meet in one file.
    const before = this.writing.get(target);
    const putting = (async () => {
      if (before) await before.catch(() => undefined);
      return this.opening(() =>
        onDisk(this.outDir, 'write', join(this.outDir, top), async () => {
          await this.folder(dirname(target));
          this.tops.add(top);
          if (before) await rm(target, { force: true });
          return make(target);
        }),
      );
    })();
    this.writing.set(target, putting);
    return putting;
  }

  /**
   * A folder of the staging folder, made once, after the one above it: a plain `mkdir` each. Node's
   * `recursive` took more CPU for the same folders (4,000 page folders, under load: 0.6–1.2 s against
   * 0.2–0.7 s).
   */
  private folder(dir: string): Promise<unknown> {
    if (dir === this.path || dirname(dir) === dir) return Promise.resolve();
    let making = this.made.get(dir);
    if (!making) {
      making = this.folder(dirname(dir)).then(() => mkdirSync(dir));
      this.made.set(dir, making);
    }
    return making;
  }

  /** Many files, a batch at a time: one write after another waits on the disk for each. */
  async writeAll(files: ReadonlyMap<string, string | Uint8Array>): Promise<void> {
    const entries = [...files.entries()];
    for (let i = 0; i < entries.length; i += WRITE_BATCH)
      await Promise.all(entries.slice(i, i + WRITE_BATCH).map(([path, content]) => this.write(path, content)));
  }

  /**
   * Swaps what was written into place, all or nothing; answers the top-level names replaced. What
   * of `owned` was not written this time is removed, when the folder holds a build (its report is
   * there): it then holds one build, not parts of two, and a folder of the user's that merely has
   * one of those names (`--out .` beside a `schemas/` of theirs) is left alone.
   */
  async commit(owned: readonly string[] = []): Promise<string[]> {
    const entries = [...this.tops].sort();
    try {
      await this.swapUnderLock(entries, owned);
    } catch (error) {
      // A swap that could not be undone either: its journal names these folders, which hold the
      // previous output and the new one; the next build (or serve) needs them to finish the job.
      this.keep = await access(join(this.outDir, JOURNAL_FILE)).then(
        () => true,
        () => false,
      );
      throw error;
    }
    this.committed = true;
    await this.discard();
    return entries;
  }

  private async swapUnderLock(entries: string[], owned: readonly string[]): Promise<void> {
    await withOutputLock(
      this.outDir,
      async () => {
        // A build killed mid-swap since this one opened: its swap is finished first.
        await finishInterruptedSwap(this.outDir);
        const built = await access(join(this.outDir, BUILD_REPORT)).then(
          () => true,
          () => false,
        );
        const removed = built ? owned.filter((name) => !this.tops.has(name)).sort() : [];
        await swap(this.outDir, { ...this.name, entries, removed, phase: 'swap' });
      },
      this.options.lockWaitMs,
    );
  }

  /** Removes the staging folder and the previous output the swap moved aside (best effort: what stays, the next build removes). */
  async discard(): Promise<void> {
    for (const folder of [this.name.staging, this.name.previous]) {
      if (!this.keep) await rm(join(this.outDir, folder), { recursive: true, force: true }).catch(() => undefined);
      activeFolders.delete(folder);
    }
    if (this.committed || this.created === undefined) return;
    // Only empty folders go: if another build writes there meanwhile, they stay.
    for (let dir = this.outDir; ; dir = dirname(dir)) {
      if (
        !(await rmdir(dir).then(
          () => true,
          () => false,
        )) ||
        dir === this.created ||
        dirname(dir) === dir
      )
        break;
    }
  }
}

/**
 * Creates `dir` and the folders above it that are missing; answers the outermost one created. Not
 * `mkdir`'s own `recursive`, which reports a read-only parent as ENOENT (a folder missing) instead of EROFS.
 */
async function makeFolder(dir: string): Promise<string | undefined> {
  try {
    await mkdir(dir);
    return dir;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (
      code === 'EEXIST' &&
      (await stat(dir).then(
        (s) => s.isDirectory(),
        () => false,
      ))
    )
      return undefined;
    if (code !== 'ENOENT' || dirname(dir) === dir) throw error;
  }
  const created = await makeFolder(dirname(dir));
  await mkdir(dir);
  return created ?? dir;
}

/** Writes `files` (paths relative to `outDir`) and swaps them into place, as one `StagingFolder`. */
export async function replaceFolders(
  outDir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  owned: readonly string[] = [],
): Promise<string[]> {
  const staging = await StagingFolder.open(outDir);
  try {
    await staging.writeAll(files);
    return await staging.commit(owned);
  } finally {
    await staging.discard();
  }
}

/**
 * For a command that reads the output (`serve`): finishes a swap that a killed build left, so that
 * what is read is one whole build. Writes nothing when there is none (the folder may be read-only).
 */
export async function settleOutput(outDir: string): Promise<void> {
  outDir = resolve(outDir);
  if (
    !(await access(join(outDir, JOURNAL_FILE)).then(
      () => true,
      () => false,
    ))
  )
    return;
  await withOutputLock(outDir, () => finishInterruptedSwap(outDir));
}
