import { lstatSync, readdirSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';

/**
 * One entry of a build's output as the file system describes it: path (relative to the output
 * folder, `/`-separated), kind, inode, size and the times of its last write and last change. Any
 * write, truncation, rename over it, chmod or link gives it another change time; an entry added to or
 * removed from a folder gives the folder one.
 */
export type OutputEntry = [
  path: string,
  kind: 'file' | 'folder' | 'other',
  ino: bigint,
  size: bigint,
  mtimeNs: bigint,
  ctimeNs: bigint,
];

/**
 * Every entry under `names` (top-level names in `outDir`; the ones that are not there are left out),
 * folders before what they hold. Synchronous: thousands of `lstat`s of a tree the kernel has just
 * written take a few milliseconds in a row, and more than that when each waits its turn in libuv.
 */
export function outputEntries(outDir: string, names: readonly string[]): OutputEntry[] {
  const entries: OutputEntry[] = [];
  const visit = (path: string): void => {
    const stats = lstatSync(join(outDir, path), { bigint: true, throwIfNoEntry: false });
    if (!stats) return;
    entries.push(entry(path, stats));
    if (stats.isDirectory()) for (const name of readdirSync(join(outDir, path)).sort()) visit(`${path}/${name}`);
  };
  for (const name of [...names].sort()) visit(name);
  return entries;
}

/** Whether every entry of `recorded` is in `outDir` as it was recorded, and nothing of `names` it lacks is there. */
export function sameEntries(outDir: string, recorded: readonly OutputEntry[], names: readonly string[]): boolean {
  const tops = new Set(recorded.map(([path]) => path.split('/', 1)[0]));
  for (const name of names)
    if (!tops.has(name) && lstatSync(join(outDir, name), { throwIfNoEntry: false })) return false;
  for (const before of recorded)
    if (!isAsRecorded(lstatSync(join(outDir, before[0]), statOptions), before)) return false;
  return true;
}

const statOptions = { bigint: true, throwIfNoEntry: false } as const;

/** Whether `stats` (an `lstat` with `bigint`) describe the entry as `recorded`: the same kind, inode, size and times. */
export function isAsRecorded(stats: BigIntStats | undefined, recorded: OutputEntry): boolean {
  if (!stats) return false;
  const now = entry(recorded[0], stats);
  for (let i = 1; i < now.length; i++) if (now[i] !== recorded[i]) return false;
  return true;
}

/** The latest write or change time among `entries`, in nanoseconds. */
export function latestChange(entries: readonly OutputEntry[]): bigint {
  let latest = 0n;
  for (const [, , , , mtime, ctime] of entries) {
    if (mtime > latest) latest = mtime;
    if (ctime > latest) latest = ctime;
  }
  return latest;
}

function entry(path: string, stats: BigIntStats): OutputEntry {
  const kind = stats.isFile() ? 'file' : stats.isDirectory() ? 'folder' : 'other';
  return [path, kind, stats.ino, stats.size, stats.mtimeNs, stats.ctimeNs];
}
