import { link, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { displayPath } from '../sources/display-path.js';
import { asOutputError, OutputError, outputDiagnostic } from './output-error.js';
import { isRunning, OWN_START } from './processes.js';

export const LOCK_FILE = '.specsite.lock';
/** How long a build waits for another one's swap (a few renames) before it gives up. */
export const LOCK_WAIT_MS = 60_000;
const POLL_MS = 25;
/** A lock file without a readable holder older than this was left by a process killed as it wrote it. */
const UNREADABLE_STALE_MS = 5_000;

interface Holder {
  pid: number;
  start?: string;
  since: string;
}

/** Locks this process holds (their paths): a lock naming this process but not here was left by an earlier one with the same pid. */
const held = new Set<string>();
let serial = 0;

/**
 * Runs `work` while holding `DIR/.specsite.lock`, which only one process at a time can create. A
 * lock whose process is gone (killed, say) is taken over; a live one is waited for up to `waitMs`,
 * then the build gives up with one line naming the holder.
 */
export async function withOutputLock<T>(
  outDir: string,
  work: () => Promise<T>,
  waitMs: number = LOCK_WAIT_MS,
): Promise<T> {
  const path = join(outDir, LOCK_FILE);
  await acquire(outDir, path, waitMs);
  try {
    return await work();
  } finally {
    held.delete(path);
    await rm(path, { force: true });
  }
}

async function acquire(outDir: string, path: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  const record = `${JSON.stringify({ pid: process.pid, start: OWN_START, since: new Date().toISOString() } satisfies Holder)}\n`;
  for (;;) {
    if (await create(outDir, path, record)) {
      held.add(path);
      return;
    }
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const holder = parseHolder(text);
    if (holder ? !isHeld(path, holder) : await unreadableAndOld(path)) {
      await takeOver(path, text);
      continue;
    }
    if (Date.now() >= deadline) {
      const who = holder
        ? `another specsite build (pid ${holder.pid}, since ${holder.since})`
        : 'another specsite build';
      throw new OutputError(
        outputDiagnostic(
          outDir,
          'write',
          outDir,
          `${who} is writing there, for over ${waitMs % 1000 === 0 ? waitMs / 1000 : (waitMs / 1000).toFixed(1)} s; wait for it to finish, or remove ${displayPath(path)} if no build runs`,
        ),
      );
    }
    await sleep(POLL_MS);
  }
}

/**
 * Creates the lock with its whole content at once: written to a file of its own, then linked to
 * the lock's name, which fails if the name is taken. A reader never sees a half-written lock.
 */
async function create(outDir: string, path: string, record: string): Promise<boolean> {
  const own = `${path}.${process.pid}-${serial++}`;
  try {
    await writeFile(own, record);
    try {
      await link(own, path);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      // A file system without hard links: an exclusive create, whose content follows at once.
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
      return await writeFile(path, record, { flag: 'wx' }).then(
        () => true,
        (e: NodeJS.ErrnoException) => (e.code === 'EEXIST' ? false : Promise.reject(e)),
      );
    }
  } catch (error) {
    throw asOutputError(error, outDir, 'write', outDir);
  } finally {
    await rm(own, { force: true });
  }
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (
      typeof value.pid === 'number' &&
      Number.isInteger(value.pid) &&
      value.pid > 0 &&
      typeof value.since === 'string'
    ) {
      return { pid: value.pid, since: value.since, start: typeof value.start === 'string' ? value.start : undefined };
    }
  } catch {
    // An unreadable lock is judged by its age.
  }
  return undefined;
}

function isHeld(path: string, holder: Holder): boolean {
  if (holder.pid === process.pid) return held.has(path) && holder.start === OWN_START;
  return isRunning(holder.pid, holder.start);
}

async function unreadableAndOld(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  return info !== undefined && Date.now() - info.mtimeMs > UNREADABLE_STALE_MS;
}

/**
 * Moves a stale lock away, then checks that what moved is the lock judged stale: another build may
 * have taken it over and locked again in between, and then its lock is put back.
 */
async function takeOver(path: string, staleText: string): Promise<void> {
  const aside = `${path}.stale-${process.pid}-${serial++}`;
  try {
    await rename(path, aside);
  } catch {
    return;
  }
  const moved = await readFile(aside, 'utf8').catch(() => staleText);
  if (moved !== staleText) await link(aside, path).catch(() => undefined);
  await rm(aside, { force: true });
}
