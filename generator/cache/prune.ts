import { randomBytes } from 'node:crypto';
import { readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PruneOptions {
  /** Entries that many milliseconds old, and not used by the build that prunes, are deleted. */
  unusedFor: number;
  /** The time to measure ages from (the tests' clock). */
  now: number;
}

/**
 * What a build prunes with. A build does not read every entry that is still good (an API page's
 * HTML from the cache spares reading its samples), and such an entry deleted costs its work once,
 * when a change needs it again; a month keeps that rare, and keeps another config's entries.
 */
export const PRUNE_DEFAULTS = { unusedFor: 30 * DAY_MS, every: DAY_MS } as const;

/** Named after the last prune; its age says whether the next build prunes. */
export const PRUNE_MARKER = 'last-prune';

/** An entry's file name: a sha256 key, or one being written (`<key>.<random>.tmp`). */
const ENTRY = /^[0-9a-f]{64}(\.[0-9a-f]+\.tmp)?$/;

/**
 * Deletes the entries of the cache at `dir` (`<kind>/<xx>/<key>`) that are not in `used` and were
 * written more than `unusedFor` ago, with the half-written files of runs that stopped. Every entry
 * is keyed by everything it came from, so nothing goes stale, and an entry a build did not read is
 * mostly one for other inputs: an older page, older code, or another config beside this one (kept
 * while it is young). A deleted entry only costs its work again. Returns how many files went.
 */
export async function pruneCache(dir: string, used: ReadonlySet<string>, options: PruneOptions): Promise<number> {
  let deleted = 0;
  for (const kind of await names(dir, 'folders')) {
    for (const shard of await names(join(dir, kind), 'folders')) {
      const shardDir = join(dir, kind, shard);
      // A shard's files at once: 30,000 entries took 1.3 s one by one on this project's machine, 0.6-0.7 s so.
      const gone = await Promise.all(
        (await names(shardDir, 'files')).map(async (name) => {
          const path = join(shardDir, name);
          if (!ENTRY.test(name) || used.has(path)) return false;
          const written = await stat(path).then(
            (info) => info.mtimeMs,
            () => options.now,
          );
          if (options.now - written < options.unusedFor) return false;
          // Another process may have deleted it first; that is the same outcome.
          await rm(path, { force: true });
          return true;
        }),
      );
      deleted += gone.filter(Boolean).length;
    }
  }
  return deleted;
}

/** Whether the cache at `dir` was last pruned `every` milliseconds ago or more (or never). */
export async function pruneDue(dir: string, every: number, now: number): Promise<boolean> {
  const last = await stat(join(dir, PRUNE_MARKER)).then(
    (info) => info.mtimeMs,
    () => undefined,
  );
  return last === undefined || now - last >= every;
}

/** Records a prune at `now`, so the builds of the next `every` milliseconds skip it. */
export async function markPruned(dir: string, now: number): Promise<void> {
  // Made beside and renamed over: a marker that a checkout planted as a link is replaced, not
  // written through (it would empty the file it points to).
  const temporary = join(dir, `${PRUNE_MARKER}.${randomBytes(6).toString('hex')}`);
  await writeFile(temporary, '', { flag: 'wx' });
  await utimes(temporary, now / 1000, now / 1000);
  await rename(temporary, join(dir, PRUNE_MARKER));
}

/** The names of the folders (or files) in `dir`, sorted; none when it cannot be read. */
async function names(dir: string, kind: 'folders' | 'files'): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => (kind === 'folders' ? e.isDirectory() : e.isFile()))
    .map((e) => e.name)
    .sort();
}
