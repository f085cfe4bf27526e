import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDiagnostic } from '../cache/shapes.js';
import { BuildCache } from '../cache/store.js';
import { TEMPLATES, templatesFingerprint } from '../client/build.js';
import { gitDates } from '../content/git-dates.js';
import type { BuildOptions, BuildReport, SiteOutput } from '../pipeline/site-output.js';
import { namedPagefindBinary } from '../search/binary-variables.js';
import { displayPath } from '../sources/display-path.js';
import { changedSince, fingerprintInputs } from '../write/inputs.js';
import { isBuildsLeftover } from '../write/leftovers.js';
import { LOCK_FILE } from '../write/output-lock.js';
import { BUILD_REPORT } from '../write/replace-folders.js';
import { latestChange, outputEntries, sameEntries, type OutputEntry } from '../write/output-stats.js';
import { JOURNAL_FILE } from '../write/swap.js';
import { LastOutput, type RecordedPage } from '../write/last-output.js';
import { globalSettings, projectDirOf } from './global-options.js';
import { stepKey } from '../cache/step-key.js';

/**
 * What the last build into an output folder was made with, beside what its report says
 * (`inputs`: the sources it read, hashed with specsite's own code), kept in the project's build
 * cache under the folder's path.
 */
interface BuildRecord {
  /** The options and environment the output depends on, besides the sources. */
  settings: string;
  /** templates/ as the build found it (`templatesFingerprint`): specsite's own, but read at every build. */
  templates: string;
  /** The docs pages git dated, and the dates it gave (JSON); null when the build asked git for none. */
  dated: { folder: string; display: string; files: string[]; dates: string } | null;
  /** What the build left in the output folder, as the file system describes it. */
  entries: OutputEntry[];
  /** The pages it wrote, each with the key it was made from (see `LastOutput`). */
  pages: RecordedPage[];
}

/** A build that found its output already made from these sources: the last build's report and warnings. */
export interface UnchangedBuild {
  report: BuildReport;
  diagnostics: BuildReport['warnings'];
}

/**
 * The last build's result when building again would write exactly what `DIR/` holds, or undefined.
 * Builds are deterministic, so a build is redundant when everything it reads is as it was: the
 * config, content and contracts (hashed, as the report's `inputs` lists them), specsite's code and
 * dependencies, templates/ (which the client is bundled from when it changed since `npm run
 * compile`), the options, Pagefind's program, and git's dates of the docs pages; and when the
 * output is untouched since: every file and folder the last build left has the same inode, size and
 * write and change times (any write, rename, removal or addition changes one of them). Anything else,
 * including a record that cannot be read, means a build.
 */
export async function unchangedBuild(
  options: BuildOptions,
  names: readonly string[],
): Promise<UnchangedBuild | undefined> {
  return (await lastBuild(options, names)).unchanged;
}

/**
 * What the last build into the output folder left: the whole of it when building again would
 * write exactly that (`unchangedBuild`), and the pages it recorded, which a build made of other
 * sources may link unread (`LastOutput`).
 */
export async function lastBuild(
  options: BuildOptions,
  names: readonly string[],
): Promise<{ unchanged: UnchangedBuild | undefined; last: LastOutput }> {
  if (options.cache === false) return { unchanged: undefined, last: LastOutput.NONE };
  const out = resolve(options.out);
  const rootDir = dirname(resolve(options.config));
  const cache = BuildCache.forProject(rootDir, true);
  const record = await cache.get<BuildRecord>('output', recordKey(cache, out));
  // A page is linked only if its file is still as recorded: the record's settings need not match.
  const last = record ? LastOutput.of(record.entries, record.pages) : LastOutput.NONE;
  return { unchanged: record && (await unchangedSince(options, names, record)), last };
}

async function unchangedSince(
  options: BuildOptions,
  names: readonly string[],
  record: BuildRecord,
): Promise<UnchangedBuild | undefined> {
  const out = resolve(options.out);
  const projectDir = projectDirOf(options);
  if (record.settings !== settingsOf(options)) return undefined;
  // A build that is running, or was killed, in this folder: a build finishes or clears what it left.
  if (readdirSafe(out).some((name) => name === JOURNAL_FILE || name === LOCK_FILE || isBuildsLeftover(name)))
    return undefined;
  const report = await readReport(join(out, BUILD_REPORT));
  if (!report) return undefined;
  // The usual change first (an edited page, found by the hash); git only once the files are the same.
  if ((await fingerprintInputs(projectDir, report.inputs.paths)) !== report.inputs.fingerprint) return undefined;
  if ((await templatesFingerprint()) !== record.templates) return undefined;
  // The report just read is among the entries: once they are as recorded, so is what it says.
  if (!safely(() => sameEntries(out, record.entries, names))) return undefined;
  if (record.dated && (await datesNow(projectDir, record.dated)) !== record.dated.dates) return undefined;
  return { report, diagnostics: report.warnings };
}

/** What a build notes as it starts, for its record. */
export interface BuildStart {
  /** The time, by the file system's clock: what `recordBuild` compares the sources' times with. */
  clock: bigint;
  /** templates/ as it is then (`templatesFingerprint`), hashed while the build loads its modules. */
  templates: Promise<string>;
}

/**
 * A build's start at `clock` (a time the file system gave a file or folder it made then), before it
 * reads any source; undefined without the cache. Nothing is written for it: a build that fails
 * leaves the project as it was.
 */
export function buildStart(options: BuildOptions, clock: bigint): BuildStart | undefined {
  if (options.cache === false) return undefined;
  const templates = templatesFingerprint();
  // Awaited by `recordBuild`; a build that fails never asks.
  templates.catch(() => undefined);
  return { clock, templates };
}

/**
 * Records a build (with the cache) that has just replaced `DIR/`'s entries `names`, for
 * `unchangedBuild`. Not when a source or templates/ changed after its `start`: the report hashes
 * the sources as they are at its end, which need not be what the build read.
 */
export async function recordBuild(
  options: BuildOptions,
  output: SiteOutput,
  names: readonly string[],
  start: BuildStart | undefined,
): Promise<void> {
  const parts = output.parts;
  if (!parts?.cache.enabled || !output.report || start === undefined) return;
  const { config, content, cache } = parts;
  const paths = output.report.inputs.paths;
  const edited = safely(
    () => changedSince(projectDirOf(options), paths, start.clock) || changedSince(TEMPLATES, ['.'], start.clock),
  );
  if (edited !== false) return;
  const templates = await start.templates.catch(() => undefined);
  if (templates === undefined) return;
  const out = resolve(options.out);
  const entries = safely(() => outputEntries(out, names));
  if (!entries) return;
  // Another build into the same folder may have swapped its output in since this one's: its report
  // (this one's timings are in it) then shows that what was just listed may not be this build's.
  const report = output.files?.get(BUILD_REPORT);
  const found = await readFile(join(out, BUILD_REPORT)).catch(() => undefined);
  if (report === undefined || !found?.equals(typeof report === 'string' ? Buffer.from(report) : report)) return;
  const folder = join(resolve(config.rootDir, config.contentDir), 'docs');
  const record: BuildRecord = {
    settings: settingsOf(options),
    templates,
    dated:
      options.gitDates === false
        ? null
        : {
            folder,
            display: displayPath(folder),
            files: content.docs.map((page) => page.file),
            dates: datesText(content.lastUpdated),
          },
    entries,
    pages: output.pages ?? [],
  };
  const key = recordKey(cache, out);
  // Whatever changes an entry later must give it a time none of them has: file times come from a
  // clock that ticks every few milliseconds, and a write in the tick of the build's last change
  // would carry that change's time. The record is written again until its own time is past them all.
  const latest = latestChange(entries);
  for (let attempt = 0; attempt < 100; attempt++) {
    await cache.set('output', key, record);
    const written = await cache.writtenAt('output', key);
    if (written === undefined) return;
    if (written > latest) return;
    await sleep(1);
  }
  // A clock that never moved on (or went back): no record, no build skipped.
  await cache.set('output', key, {
    settings: '',
    templates: '',
    dated: null,
    entries: [],
    pages: [],
  } satisfies BuildRecord);
}

/** The key of the record of the build into `out`. */
export function recordKey(cache: BuildCache, out: string): string {
  return stepKey(cache, 'output', { out });
}

/**
 * What the output depends on besides the sources: the global options that say so (`GLOBAL_OPTIONS`),
 * the build's own `--no-git-dates`, and the Pagefind program named in the environment.
 */
function settingsOf(options: BuildOptions): string {
  return JSON.stringify({
    ...globalSettings(options),
    gitDates: options.gitDates !== false,
    pagefind: namedPagefindBinary() ?? null,
  });
}

async function datesNow(rootDir: string, dated: NonNullable<BuildRecord['dated']>): Promise<string> {
  const { dates } = await gitDates({ rootDir, folder: dated.folder, files: dated.files, display: dated.display });
  return datesText(dates);
}

function datesText(dates: ReadonlyMap<string, string>): string {
  return JSON.stringify([...dates].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The report the last build wrote, with the fields a build's result is read for; undefined if it is not one. */
async function readReport(path: string): Promise<BuildReport | undefined> {
  let report: unknown;
  try {
    report = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
  const r = report as Partial<Record<keyof BuildReport, unknown>> | null;
  const inputs = r?.inputs as { fingerprint?: unknown; paths?: unknown } | undefined;
  const fits =
    typeof r === 'object' &&
    r !== null &&
    Array.isArray(r.pages) &&
    Array.isArray(r.warnings) &&
    r.warnings.every(isDiagnostic) &&
    typeof r.totalMs === 'number' &&
    typeof r.javascript === 'object' &&
    typeof r.search === 'object' &&
    Array.isArray(r.apiPages) &&
    typeof inputs?.fingerprint === 'string' &&
    Array.isArray(inputs.paths) &&
    inputs.paths.every((p) => typeof p === 'string');
  return fits ? (report as BuildReport) : undefined;
}

function readdirSafe(dir: string): string[] {
  return safely(() => readdirSync(dir)) ?? [];
}

/** `work`'s answer, or undefined when the file system refuses (a folder become a file, no permission). */
function safely<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}
