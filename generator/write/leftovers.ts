import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isRunning } from './processes.js';

/** Folders of this process's builds still in use (names in the output folder). */
export const activeFolders = new Set<string>();

/** What builds leave in the output folder while they run, each named after its process. */
const LEFTOVER =
  /^\.(?:(?:staging|previous|trash)-(\d+)(?:-\d+)*|specsite\.lock\.(?:stale-)?(\d+)-\d+|specsite-swap\.json\.(\d+))$/;

/** Whether `name` (in an output folder) is something a build leaves only while it runs, or when it is killed. */
export function isBuildsLeftover(name: string): boolean {
  return LEFTOVER.test(name);
}

/**
 * Moves what builds that no longer run left in `outDir` into one trash folder of this build's, and
 * answers the removal of that folder. Called with the output lock held, once an interrupted swap is
 * finished: no journal then names these folders, and renaming them is quick; the removal, which
 * may take long for a large site, runs after the lock is released.
 */
export async function removeLeftovers(outDir: string, id: string): Promise<() => Promise<void>> {
  const names = await readdir(outDir).catch(() => [] as string[]);
  const trash = join(outDir, `.trash-${id}`);
  let moved = 0;
  activeFolders.add(`.trash-${id}`);
  for (const name of names) {
    const match = LEFTOVER.exec(name);
    if (!match || activeFolders.has(name)) continue;
    const pid = Number(match[1] ?? match[2] ?? match[3]);
    // This process's own transient files (a lock being created, say) are not leftovers.
    if (pid === process.pid ? match[1] === undefined : isRunning(pid)) continue;
    if (moved++ === 0) await mkdir(trash).catch(() => undefined);
    await rename(join(outDir, name), join(trash, name)).catch(() => undefined);
  }
  // Best effort: whatever stays is removed by a later build.
  return async () => {
    if (moved > 0) await rm(trash, { recursive: true, force: true }).catch(() => undefined);
    activeFolders.delete(`.trash-${id}`);
  };
}
