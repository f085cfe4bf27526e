import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The one rule for every path that input names (an image, the favicon, an API's spec, a `$ref`):
 * content, contracts and config may come from a stranger's pull request, so what they name is read
 * only when it lies inside the project (the config's folder, or the folder given with `--root`),
 * symlinks followed, and not in a `.git` folder. Not configurable from the config.
 */
export const PATH_OUTSIDE_PROJECT = 'path-outside-project';

/** The folder nothing is read outside of; plain data, so that it can be handed to the second thread. */
export interface Project {
  /** Absolute. */
  readonly dir: string;
  /**
   * Set when the command line widened the project (`--root`): what git ignores in it (relative to
   * `dir`, `/`-separated, a folder ending in `/`), which is never read. Empty without git.
   */
  readonly ignored?: readonly string[];
}

/** Why a path inside the project's folder is refused all the same. */
export type OutsideWhy = 'beyond' | 'git' | 'ignored';

export type ProjectPath =
  /** Inside the project; `real` is the path with every symlink followed, the one to read. */
  | { ok: true; real: string }
  /** Names a place outside the project, as written or once its symlinks are followed, or one never read in it (`why`). */
  | { ok: false; reason: 'outside'; why: OutsideWhy }
  /** Inside as written, but nothing is there (or it cannot be resolved): the caller's "not found". */
  | { ok: false; reason: 'missing' };

/** The project of a config's folder (no `--root`): nothing in it is known to be ignored. */
export function projectAt(dir: string): Project {
  return { dir: resolve(dir) };
}

/** Whether `path` (absolute) is `root` itself or below it; both taken as they are, no symlinks followed. */
export function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

const realRoots = new Map<string, string>();

/** The project folder with its own symlinks followed (a project under a symlinked /tmp is still inside itself). */
export function realRoot(root: string): string {
  let real = realRoots.get(root);
  if (real === undefined) {
    try {
      real = realpathSync(root);
    } catch {
      real = resolve(root);
    }
    realRoots.set(root, real);
  }
  return real;
}

/** `requested` (absolute, or relative to the project's folder) checked against `project`, symlinks followed. */
export async function resolveInProject(project: Project, requested: string): Promise<ProjectPath> {
  const lexical = resolve(project.dir, requested);
  const before = beforeReading(project, lexical);
  if (before) return before;
  let real: string;
  try {
    real = await realpath(lexical);
  } catch {
    return { ok: false, reason: 'missing' };
  }
  return afterResolving(project, real);
}

/** `resolveInProject` for callers that cannot wait (a library's synchronous resolver hook). */
export function resolveInProjectSync(project: Project, requested: string): ProjectPath {
  const lexical = resolve(project.dir, requested);
  const before = beforeReading(project, lexical);
  if (before) return before;
  let real: string;
  try {
    real = realpathSync(lexical);
  } catch {
    return { ok: false, reason: 'missing' };
  }
  return afterResolving(project, real);
}

/** What the path as written already tells, before the file system is asked. */
function beforeReading(project: Project, lexical: string): ProjectPath | undefined {
  const root = resolve(project.dir);
  const base = isWithin(root, lexical) ? root : isWithin(realRoot(root), lexical) ? realRoot(root) : undefined;
  if (base === undefined) return { ok: false, reason: 'outside', why: 'beyond' };
  const why = refusedInside(project, relative(base, lexical));
  return why ? { ok: false, reason: 'outside', why } : undefined;
}

function afterResolving(project: Project, real: string): ProjectPath {
  const root = realRoot(resolve(project.dir));
  if (!isWithin(root, real)) return { ok: false, reason: 'outside', why: 'beyond' };
  const why = refusedInside(project, relative(root, real));
  return why ? { ok: false, reason: 'outside', why } : { ok: true, real };
}

/**
 * A `.git` folder (or a worktree's `.git` file) holds the repository's settings, where a CI checkout
 * keeps its token; what git ignores is where a checkout's secrets (`.env`) and leftovers live.
 * Compared without case: a case-insensitive disk reads `.GIT/config` as `.git/config`.
 */
function refusedInside(project: Project, rel: string): OutsideWhy | undefined {
  const parts = rel === '' ? [] : rel.split(sep);
  if (parts.some((part) => part.toLowerCase() === '.git')) return 'git';
  if (project.ignored === undefined || project.ignored.length === 0) return undefined;
  const ignored = ignoredSet(project.ignored);
  let prefix = '';
  for (const part of parts) {
    prefix += part;
    if (ignored.has(prefix) || ignored.has(`${prefix}/`)) return 'ignored';
    prefix += '/';
  }
  return undefined;
}

const ignoredSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The ignored list as a set, made once per list (a project's list is asked about for every path). */
function ignoredSet(list: readonly string[]): ReadonlySet<string> {
  let set = ignoredSets.get(list);
  if (!set) {
    set = new Set(list);
    ignoredSets.set(list, set);
  }
  return set;
}

/** The message every stage gives for a path outside the project, so users meet one wording. */
export function outsideProjectMessage(what: string, asWritten: string, why: OutsideWhy = 'beyond'): string {
  if (why === 'git')
    return `${what} "${asWritten}" is under .git, the repository's own files (its settings and credentials), which are never read`;
  if (why === 'ignored')
    return `${what} "${asWritten}" is a file git ignores, which is never read under --root (a checkout keeps its secrets and leftovers in ignored files)`;
  return `${what} "${asWritten}" is outside the project (the folder of the site config, or the folder given with --root); only files inside it are read`;
}
