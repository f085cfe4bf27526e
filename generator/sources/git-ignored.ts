import { execFile } from 'node:child_process';
import { firstLine, gitEnvironment } from './git-environment.js';

/** How long git may take to list what it ignores: a large monorepo's tree is walked once. */
export const IGNORED_TIMEOUT_MS = 20_000;
/** More than any real listing (ignored folders are listed once, not file by file). */
const MAX_OUTPUT = 16 * 1024 * 1024;
/** Nothing to ask: no git on the machine, or the folder is in no repository. */
const NO_REPOSITORY = /not a git repository/;

export type IgnoredListing = { ok: true; ignored: string[] } | { ok: false; message: string };

/**
 * What git ignores under `dir` (relative to it, `/`-separated; a folder wholly ignored is one entry
 * ending in `/`), asked once per command with `--root`. The checkout may be a stranger's: git runs
 * as `gitDates` runs it (no shell, prompt, pager, fsmonitor, hooks or network), for at most
 * `IGNORED_TIMEOUT_MS`. No git, or no repository: nothing is known to be ignored. git refusing the
 * repository otherwise (another user's checkout, a timeout): an answer the build cannot do without.
 */
export function listIgnored(dir: string, command = 'git'): Promise<IgnoredListing> {
  return new Promise((done) => {
    execFile(
      command,
      IGNORED_ARGUMENTS,
      {
        cwd: dir,
        env: gitEnvironment(),
        encoding: 'buffer',
        maxBuffer: MAX_OUTPUT,
        timeout: IGNORED_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        shell: false,
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        if (!error) return done({ ok: true, ignored: stdout.toString('utf8').split('\0').filter(Boolean) });
        const code = (error as NodeJS.ErrnoException).code;
        const said = stderr.toString('utf8');
        if (code === 'ENOENT' || NO_REPOSITORY.test(said)) return done({ ok: true, ignored: [] });
        const why = error.killed
          ? `it took longer than ${IGNORED_TIMEOUT_MS / 1000} s`
          : code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER'
            ? 'its list was too long'
            : firstLine(said) || `exit ${String(code)}`;
        done({
          ok: false,
          message: `git could not list the files it ignores under --root (${why}); they are never read, so the build cannot go on without it`,
        });
      },
    );
  });
}

/** The `-c` settings win over the repository's own config; `ls-files` runs no hook and fetches nothing. */
const IGNORED_ARGUMENTS = [
  '--no-pager',
  '--literal-pathspecs',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.untrackedCache=false',
  '-c',
  'core.quotePath=false',
  '-c',
  'protocol.allow=never',
  'ls-files',
  '-z',
  '--others',
  '--ignored',
  '--exclude-standard',
  '--directory',
];
