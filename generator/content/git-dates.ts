import { spawn } from 'node:child_process';
import { isAbsolute, relative, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { firstLine, gitEnvironment } from '../sources/git-environment.js';
import { gitDatesRule } from './git-dates-rule.js';
import { GitLogReader } from './git-log-reader.js';

/** How long git may take: the dates are a convenience, and the history may be huge or on a slow disk. */
export const GIT_TIMEOUT_MS = 5000;

export interface GitDatesInput {
  /** The project's folder: git runs there, and reads the history of `folder` under it. */
  rootDir: string;
  folder: string;
  /** Absolute paths of the files to date. */
  files: readonly string[];
  /** Where a warning is located, as displayed. */
  display: string;
  /** For tests: the program to run and the time it gets. */
  command?: string;
  timeoutMs?: number;
}

export interface GitDates {
  /** Absolute path → the date of the last commit that changed it, `YYYY-MM-DD` (UTC). */
  dates: Map<string, string>;
  diagnostics: Diagnostic[];
}

/**
 * Each file's last-updated date from one `git log` over the folder, read as it streams and stopped
 * once every file has its date. The project may be a stranger's pull request: git runs without a
 * shell, prompt, pager, fsmonitor or network (a partial clone does not fetch what it lacks), for
 * at most `GIT_TIMEOUT_MS`. No git, no readable repository, a file git does not know, or one last
 * changed before a shallow clone's oldest commit: no date, no warning. git failing otherwise or too
 * slow: no dates at all and one warning (dates for some pages only would vary from run to run).
 */
export function gitDates(input: GitDatesInput): Promise<GitDates> {
  const folder = relative(input.rootDir, input.folder);
  const byPath = new Map<string, string>();
  for (const file of input.files) {
    const path = relative(input.rootDir, file);
    if (path !== '' && !path.startsWith('..') && !isAbsolute(path)) byPath.set(path.split(sep).join('/'), file);
  }
  if (byPath.size === 0 || folder.startsWith('..') || isAbsolute(folder)) return Promise.resolve(none());
  const reader = new GitLogReader(new Set(byPath.keys()));
  const warn = (message: string): GitDates => ({
    dates: new Map(),
    diagnostics: [{ file: input.display, line: 0, column: 0, severity: 'warning', rule: gitDatesRule.id, message }],
  });

  return new Promise<GitDates>((resolve) => {
    let settled = false;
    let stderr = '';
    const finish = (result: GitDates): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      resolve(result);
    };
    // A page last changed in a shallow clone's oldest commit has no date: its real one is older, and unknown.
    const found = (): GitDates => {
      const dates = new Map<string, string>();
      for (const [path, date] of reader.dates) dates.set(byPath.get(path) as string, date);
      return { dates, diagnostics: [] };
    };

    const child = spawn(input.command ?? 'git', gitLogArguments(folder.split(sep).join('/')), {
      cwd: input.rootDir,
      env: gitEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: false,
      windowsHide: true,
    });
    const timer = setTimeout(
      () =>
        finish(
          warn(
            `git log took longer than ${input.timeoutMs ?? GIT_TIMEOUT_MS} ms; the pages show no last-updated date (--no-git-dates skips git)`,
          ),
        ),
      input.timeoutMs ?? GIT_TIMEOUT_MS,
    );
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (settled) return;
      if (!reader.push(chunk))
        finish(warn('git log wrote something other than a history; the pages show no last-updated date'));
      else if (reader.done) finish(found());
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Only its first line is ever shown.
      if (stderr.length < 1024) stderr += chunk;
    });
    // No git on this machine: a site without dates, as outside a repository.
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        error.code === 'ENOENT'
          ? none()
          : warn(`git could not be run (${error.code ?? error.message}); the pages show no last-updated date`),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) finish(found());
      else if (NO_HISTORY.test(stderr)) finish(none());
      else
        finish(
          warn(
            `git log failed (${code === null ? 'killed' : `exit ${code}`}: ${firstLine(stderr)}); the pages show no last-updated date`,
          ),
        );
    });
  });
}

/**
 * Outside a repository, in one with no commit yet, or in one git will not read as this user (a
 * checkout owned by another, as in many CI containers): there is no history to date pages by.
 */
const NO_HISTORY = /not a git repository|does not have any commits yet|dubious ownership/;

/**
 * `-c` settings win over the repository's config, which a checkout may carry: no fsmonitor program,
 * no signature checks (gpg), no fetching, paths printed as they are. Pathspecs are literal, so a
 * folder named `:(glob)*` is just a name; `--relative` prints paths from the project's folder.
 * `--decorate-refs` matching no ref leaves only `grafted`, which marks a shallow clone's oldest commit.
 */
export function gitLogArguments(folder: string): string[] {
  return [
    '--no-pager',
    '--literal-pathspecs',
    '-c',
    'core.fsmonitor=false',
    '-c',
    'core.quotePath=false',
    '-c',
    'log.showSignature=false',
    '-c',
    'log.follow=false',
    '-c',
    'protocol.allow=never',
    'log',
    '-z',
    '--no-color',
    '--name-only',
    '--no-renames',
    '--no-ext-diff',
    '--no-textconv',
    '--relative',
    '--decorate-refs=refs/specsite/none',
    '--format=%x01%ct%x01%D',
    '--',
    folder,
  ];
}

function none(): GitDates {
  return { dates: new Map(), diagnostics: [] };
}
