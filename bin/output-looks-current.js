// Whether a `build` will most likely find its output up to date, told from the file system's times
// alone, before any of specsite is loaded. The build itself decides (by hashing every input, see
// generator/commands/build-record.ts); this only chooses how to load specsite for it. A build that
// finds its output current loads little of specsite, and does it fastest as ES modules; any other
// loads most of it, and does it fastest from the CommonJS script with its code cache (V8 reads the
// whole cache, a few megabytes, however little of it a run needs). A wrong guess costs time, never
// a different result.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** `argv` as process.argv, with the command first: `build` and its options. */
export function outputLooksCurrent(argv) {
  const options = optionsOf(argv.slice(3));
  if (options === undefined || options.noCache) return false;
  try {
    const reportFile = join(resolve(options.out), 'build-report.json');
    const built = statSync(reportFile).mtimeMs;
    const { inputs } = JSON.parse(readFileSync(reportFile, 'utf8'));
    const project = resolve(options.root ?? dirname(resolve(options.config)));
    return inputs.paths.every((path) => untouchedSince(join(project, path), built));
  } catch {
    return false;
  }
}

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
function untouchedSince(path, time) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return true;
  if (stat.mtimeMs > time || stat.ctimeMs > time) return false;
  if (!stat.isDirectory()) return true;
  return readdirSync(path).every((name) => untouchedSince(join(path, name), time));
}
