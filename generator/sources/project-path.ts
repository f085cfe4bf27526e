import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The one rule for every path that input names (an image, the favicon, an API's spec, a `$ref`):
 * content, contracts and config may come from a stranger's pull request, so what they name is read
 * only when it lies inside the project (the config's folder), symlinks followed. Not configurable.
 */
export const PATH_OUTSIDE_PROJECT = 'path-outside-project';

export type ProjectPath =
  /** Inside the project; `real` is the path with every symlink followed, the one to read. */
  | { ok: true; real: string }
  /** Names a place outside the project, as written or once its symlinks are followed. */
  | { ok: false; reason: 'outside' }
  /** Inside as written, but nothing is there (or it cannot be resolved): the caller's "not found". */
  | { ok: false; reason: 'missing' };

/** Whether `path` (absolute) is `root` itself or below it; both taken as they are, no symlinks followed. */
export function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

const realRoots = new Map<string, string>();

/** The project folder with its own symlinks followed (a project under a symlinked /tmp is still inside itself). */
function realRoot(root: string): string {
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

/** `requested` (absolute, or relative to `root`) checked against the project `root`, symlinks followed. */
export async function resolveInProject(root: string, requested: string): Promise<ProjectPath> {
  const lexical = resolve(root, requested);
  if (!isWithin(resolve(root), lexical) && !isWithin(realRoot(root), lexical)) return { ok: false, reason: 'outside' };
  let real: string;
  try {
    real = await realpath(lexical);
  } catch {
    return { ok: false, reason: 'missing' };
  }
  return isWithin(realRoot(root), real) ? { ok: true, real } : { ok: false, reason: 'outside' };
}

/** `resolveInProject` for callers that cannot wait (a library's synchronous resolver hook). */
export function resolveInProjectSync(root: string, requested: string): ProjectPath {
  const lexical = resolve(root, requested);
  if (!isWithin(resolve(root), lexical) && !isWithin(realRoot(root), lexical)) return { ok: false, reason: 'outside' };
  let real: string;
  try {
    real = realpathSync(lexical);
  } catch {
    return { ok: false, reason: 'missing' };
  }
  return isWithin(realRoot(root), real) ? { ok: true, real } : { ok: false, reason: 'outside' };
}

/** The message every stage gives for a path outside the project, so users meet one wording. */
export function outsideProjectMessage(what: string, asWritten: string): string {
  return `${what} "${asWritten}" is outside the project (the folder of the site config); only files inside it are read`;
}
