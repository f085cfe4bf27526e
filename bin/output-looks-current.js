// Whether a `build` will most likely find its output up to date, told from the file system's times
// alone, before any of specsite is loaded. The build itself decides (by hashing every input, see
// generator/commands/build-record.ts); this only chooses how to load specsite for it. A build that
// finds its output current loads little of specsite, and does it fastest as ES modules; any other
// loads most of it, and does it fastest from the CommonJS script with its code cache (V8 reads the
// whole cache, a few megabytes, however little of it a run needs). A wrong guess costs time, never
// a different result.
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** `argv` as process.argv, with the command first: `build` and its options. */
export function outputLooksCurrent(argv) {
  const options = optionsOf(argv.slice(3));
  if (options === undefined || options.noCache) return false;
  try {
    const reportFile = join(resolve(options.out), 'build-report.json');
    const report = lstatSync(reportFile);
    if (!report.isFile() || report.size > MAX_REPORT_BYTES) return false;
    const built = report.mtimeMs;
    const { inputs } = JSON.parse(readFileSync(reportFile, 'utf8'));
    const project = resolve(options.root ?? dirname(resolve(options.config)));
    // The report is in the output folder, which anyone may have written (a link, a huge file, paths
    // out of the project): only paths inside the project are looked at, links are not followed, and
    // a walk of too many entries gives up.
    const budget = { entries: MAX_ENTRIES };
    return inputs.paths.every((path) => {
      if (typeof path !== 'string' || isAbsolute(path) || path.split(/[\\/]/).includes('..')) return false;
      return untouchedSince(join(project, path), built, budget);
    });
  } catch {
    return false;
  }
}

/** Entries looked at before the guess is given up (this site's inputs are about a hundred). */
const MAX_ENTRIES = 20_000;
/** A larger report is not read for a guess (this site's is 45 KB; 10,000 pages' about 2 MB). */
const MAX_REPORT_BYTES = 64 * 1024 * 1024;

/** The options that say where the output and the inputs are; undefined for anything not understood. */
function optionsOf(args) {
  const options = { out: 'out', config: 'site-config.yaml', root: undefined, noCache: false };
  const names = { '-o': 'out', '--out': 'out', '-c': 'config', '--config': 'config', '--root': 'root' };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].startsWith('--') ? args[i].split(/=(.*)/s) : [args[i], undefined];
    // Help is no build: it loads as a build would not (and its cache is the command's).
    if (flag === '--help' || flag === '-h') return undefined;
    if (flag === '--no-cache') options.noCache = true;
    else if (names[flag] !== undefined) {
      const value = inline ?? args[++i];
      if (value === undefined) return undefined;
      options[names[flag]] = value;
    }
  }
  return options;
}

/**
 * Whether nothing at `path` (a file, or a folder and everything under it) was written after `time`.
 * An input that is not there (a blog folder a site does not have) is as the build found it, unless
 * it was removed since: its folder's times say so, or the build's own check does.
 */
function untouchedSince(path, time, budget) {
  if (--budget.entries < 0) return false;
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return true;
  if (stat.mtimeMs > time || stat.ctimeMs > time) return false;
  if (!stat.isDirectory()) return true;
  return readdirSync(path).every((name) => untouchedSince(join(path, name), time, budget));
}
