import { lstat, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { asOutputError, onDisk, OutputError, outputDiagnostic } from './output-error.js';

/**
 * Swapping a build's top-level entries (`site/`, `types/`, `schemas/`, `build-report.json`) into
 * the output folder. Linux has no call that renames several entries at once (renameat2's
 * RENAME_EXCHANGE swaps one pair, and Node does not offer it), so each entry takes two renames:
 * the old one aside, the new one in. What makes the whole all-or-nothing is a journal,
 * `DIR/.specsite-swap.json`, written before the first rename and removed after the last: a failed
 * rename puts back every one done before it, and a swap cut short by a kill is finished by the next
 * command that finds the journal (forward: the journal is written only once every file of the new
 * output is). A reader of the folder can see a mix, or an entry missing, only while the renames
 * run (a few system calls, well under a millisecond on a local disk), never after.
 *
 * The journal is synced to the disk; the output's files are not: what this guards against is a
 * process killed (Ctrl+C, a cancelled CI job, the out-of-memory killer), whose writes the kernel
 * keeps. Syncing every file (about 1 ms each here) would slow every build of a large site for the
 * sake of a power cut in the middle of a swap.
 */
export const JOURNAL_FILE = '.specsite-swap.json';

export interface SwapPlan {
  /** Folder names in the output folder: the new entries' and the old ones' once moved aside. */
  staging: string;
  previous: string;
  /** Top-level names swapped, in order. */
  entries: string[];
  /** Top-level names of the previous output that the new one has not: moved aside (and so removed) with the rest. */
  removed: string[];
  /** `rollback` once a failed swap started putting the old entries back: whoever finishes it goes on that way. */
  phase: 'swap' | 'rollback';
}

/** Tests only: a pause after the journal is written and after each rename, so that a test can kill a build mid-swap. */
const PAUSE_MS = Number(process.env.SPECSITE_TEST_SWAP_PAUSE_MS ?? 0);

const paths = (outDir: string, plan: SwapPlan, entry: string) => ({
  live: join(outDir, entry),
  staged: join(outDir, plan.staging, entry),
  aside: join(outDir, plan.previous, entry),
});

/** Swaps `plan.entries` from `plan.staging` into `outDir`; on any failure, puts every entry back as it was, then throws. */
export async function swap(outDir: string, plan: SwapPlan): Promise<void> {
  await checkKinds(outDir, plan);
  const previous = join(outDir, plan.previous);
  await onDisk(outDir, 'write', previous, () => mkdir(previous));
  await writeJournal(outDir, plan);
  try {
    for (const entry of allEntries(plan)) {
      const { live, staged, aside } = paths(outDir, plan, entry);
      await pause();
      if (await exists(live))
        await onDisk(outDir, plan.removed.includes(entry) ? 'remove' : 'replace', live, () => rename(live, aside));
      if (plan.removed.includes(entry)) continue;
      await pause();
      await onDisk(outDir, 'replace', live, () => rename(staged, live));
    }
  } catch (error) {
    await writeJournal(outDir, { ...plan, phase: 'rollback' }).catch(() => undefined);
    try {
      await rollBack(outDir, plan);
    } catch (failed) {
      // The journal stays: the next build (or `serve`) puts the rest back.
      const { diagnostic } =
        failed instanceof OutputError
          ? failed
          : new OutputError(outputDiagnostic(outDir, 'put back', outDir, String(failed)));
      throw new OutputError({
        ...diagnostic,
        message: `${(error as Error).message}; then ${diagnostic.message}; the next build puts the previous output back`,
      });
    }
    await removeJournal(outDir);
    throw error;
  }
  await removeJournal(outDir);
}

/**
 * Finishes a swap that a killed process left (its journal is there): forward when every new entry
 * is still whole, in the staging folder or already in place (the journal is written only once
 * every file is), unless the swap had failed and was being undone. Answers whether there was one.
 */
export async function finishInterruptedSwap(outDir: string): Promise<boolean> {
  const plan = await readJournal(outDir);
  if (plan === undefined) return false;
  if (plan === 'unreadable') {
    // Nothing is removed: the previous output may be in one of the folders it names.
    const path = join(outDir, JOURNAL_FILE);
    throw new OutputError(
      outputDiagnostic(
        outDir,
        'read',
        path,
        'it is not a journal specsite wrote; look for the previous output in the .previous-* folder beside it, then remove it',
      ),
    );
  }
  let forward = plan.phase === 'swap';
  for (const entry of plan.entries) {
    const { live, staged } = paths(outDir, plan, entry);
    if (!(await exists(staged)) && !(await exists(live))) forward = false;
  }
  if (forward) await rollForward(outDir, plan);
  else await rollBack(outDir, plan);
  await removeJournal(outDir);
  for (const folder of [plan.staging, plan.previous])
    await rm(join(outDir, folder), { recursive: true, force: true }).catch(() => undefined);
  return true;
}

/** Each entry back as it was: the new one (if in place) into the staging folder, the old one (if moved aside) back. */
async function rollBack(outDir: string, plan: SwapPlan): Promise<void> {
  for (const entry of allEntries(plan).reverse()) {
    const { live, staged, aside } = paths(outDir, plan, entry);
    if (!plan.removed.includes(entry) && !(await exists(staged)) && (await exists(live)))
      await onDisk(outDir, 'put back', live, () => rename(live, staged));
    if (await exists(aside)) await onDisk(outDir, 'put back', live, () => rename(aside, live));
  }
}

async function rollForward(outDir: string, plan: SwapPlan): Promise<void> {
  for (const entry of allEntries(plan)) {
    const { live, staged, aside } = paths(outDir, plan, entry);
    if (plan.removed.includes(entry)) {
      if ((await exists(live)) && !(await exists(aside)))
        await onDisk(outDir, 'remove', live, () => rename(live, aside));
      continue;
    }
    if (!(await exists(staged))) continue;
    if ((await exists(live)) && !(await exists(aside)))
      await onDisk(outDir, 'replace', live, () => rename(live, aside));
    await onDisk(outDir, 'replace', live, () => rename(staged, live));
  }
}

/** A file where the build puts a folder (or the reverse) is the user's to move: it is not replaced silently. */
async function checkKinds(outDir: string, plan: SwapPlan): Promise<void> {
  for (const entry of plan.entries) {
    const { live, staged } = paths(outDir, plan, entry);
    const old = await lstat(live).catch(() => undefined);
    if (!old || old.isSymbolicLink()) continue;
    const folder = (await lstat(staged)).isDirectory();
    if (old.isDirectory() !== folder) {
      throw new OutputError(
        outputDiagnostic(
          outDir,
          'replace',
          live,
          `it is a ${old.isDirectory() ? 'folder' : 'file'} and the build makes a ${folder ? 'folder' : 'file'} there; move it away, or pass --out DIR`,
        ),
      );
    }
  }
}

/** Written whole (a file of its own, synced, then renamed), so that the journal read after a kill is never half of one. */
async function writeJournal(outDir: string, plan: SwapPlan): Promise<void> {
  const path = join(outDir, JOURNAL_FILE);
  const temporary = `${path}.${process.pid}`;
  await onDisk(outDir, 'write', path, async () => {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(`${JSON.stringify(plan)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  });
}

async function removeJournal(outDir: string): Promise<void> {
  const path = join(outDir, JOURNAL_FILE);
  await onDisk(outDir, 'write', path, () => rm(path, { force: true }));
}

const NAME = /^[^./\\\0][^/\\\0]*$/;
const OWN_FOLDER = /^\.(staging|previous)-\d+(-\d+)?$/;

/** The journal, checked: its names are single entries of the output folder, never a path leading elsewhere. */
async function readJournal(outDir: string): Promise<SwapPlan | 'unreadable' | undefined> {
  let text: string;
  try {
    text = await readFile(join(outDir, JOURNAL_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw asOutputError(error, outDir, 'read', join(outDir, JOURNAL_FILE));
  }
  try {
    const plan = JSON.parse(text) as Partial<SwapPlan>;
    const ok =
      typeof plan.staging === 'string' &&
      OWN_FOLDER.test(plan.staging) &&
      typeof plan.previous === 'string' &&
      OWN_FOLDER.test(plan.previous) &&
      Array.isArray(plan.entries) &&
      plan.entries.every((e) => typeof e === 'string' && NAME.test(e)) &&
      Array.isArray(plan.removed) &&
      plan.removed.every((e) => typeof e === 'string' && NAME.test(e)) &&
      (plan.phase === 'swap' || plan.phase === 'rollback');
    return ok ? (plan as SwapPlan) : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** The entries swapped and the ones removed, in one order (the names'). */
function allEntries(plan: SwapPlan): string[] {
  return [...plan.entries, ...plan.removed].sort();
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

async function pause(): Promise<void> {
  if (PAUSE_MS > 0) await sleep(PAUSE_MS);
}
