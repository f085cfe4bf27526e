import { linkSync, lstatSync, readFileSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isAsRecorded, type OutputEntry } from './output-stats.js';

/**
 * A file the previous output already holds byte for byte is linked into the staging folder (a
 * second name for the same file) instead of written again. A rebuild mostly writes what is there:
 * linking allocates no new file and the swap then frees none, and on a file system that keeps
 * freed inodes out of reuse for a while (ext4 without a journal skips each one deleted in the last
 * minute when it allocates), deleting and creating the same 700 files at every build was most of a
 * second build's time. The previous output is only read: a linked file is never written through its
 * new name (`StagingFolder` creates every file it writes, exclusively), and what is linked is
 * compared, through the new name, with what the build made.
 */
export class UnchangedFiles {
  /** Folders of the previous output, by path: whether it is where it seems, with no symbolic link on the way. */
  private readonly folders = new Map<string, Promise<boolean>>();

  constructor(private readonly outDir: string) {}

  /** Whether `path` (relative to the output folder, `/`-separated) is now at `target`, linked from the previous output. */
  async link(path: string, target: string, bytes: Uint8Array): Promise<boolean> {
    const previous = join(this.outDir, path);
    if (!(await this.plainFolder(dirname(previous)))) return false;
    // Synchronous from here: a few calls on files the kernel has in memory, where each asynchronous
    // one waited its turn in libuv's pool (the real site's 800 files: most of an edit's write).
    try {
      const stats = lstatSync(previous);
      if (!stats.isFile() || stats.size !== bytes.byteLength) return false;
      linkSync(previous, target);
    } catch {
      // Not there, not a plain file, or a file system without links: written as usual.
      return false;
    }
    let same = false;
    try {
      same = Buffer.compare(readFileSync(target), bytes) === 0;
    } finally {
      // A file that differs (changed since it was looked at) is written afresh; if its name cannot
      // be removed, the write fails rather than go through it.
      if (!same)
        try {
          unlinkSync(target);
        } catch {
          // The write that follows fails on the name still there.
        }
    }
    return same;
  }

  /**
   * Whether `path` is now at `target`, linked from the previous output without being read: the last
   * build recorded that it wrote this file from what this build would write (`LastOutput`), and the
   * file is still as it recorded it (`recorded`: the same inode, size, and times of its last write
   * and change, which any write, truncation or replacement moves on). The link is looked at again
   * through its new name: a file replaced in between is not taken.
   */
  async linkAsRecorded(path: string, target: string, recorded: OutputEntry): Promise<boolean> {
    const previous = join(this.outDir, path);
    if (!(await this.plainFolder(dirname(previous)))) return false;
    try {
      if (!isAsRecorded(lstatSync(previous, { bigint: true }), recorded)) return false;
      linkSync(previous, target);
    } catch {
      return false;
    }
    // Linking gives the file a new change time (one more name): the inode, size and write time are compared.
    const linked = lstatSync(target, { bigint: true, throwIfNoEntry: false });
    if (linked?.isFile() && linked.ino === recorded[2] && linked.size === recorded[3] && linked.mtimeNs === recorded[4])
      return true;
    try {
      unlinkSync(target);
    } catch {
      // The write that follows fails on the name still there.
    }
    return false;
  }

  /** Whether `folder` (inside the output folder) is a folder there, not a symbolic link's target elsewhere. */
  private plainFolder(folder: string): Promise<boolean> {
    let known = this.folders.get(folder);
    if (!known) {
      const parent = dirname(folder);
      // A folder is where it seems only inside one that is: into an output folder with no previous
      // build, the first page's look finds no `site/`, and the 10,000 after it look no further.
      // The output folder itself is where it is, by definition; below it, a folder that is one (not
      // a link to one) inside a plain folder is plain: one `lstat`, not `realpath`'s walk of every
      // folder above it.
      known =
        folder === this.outDir || parent === folder
          ? Promise.resolve(true)
          : this.plainFolder(parent).then(
              (plain) => plain && lstatSync(folder, { throwIfNoEntry: false })?.isDirectory() === true,
            );
      known = known.catch(() => false);
      this.folders.set(folder, known);
    }
    return known;
  }
}
