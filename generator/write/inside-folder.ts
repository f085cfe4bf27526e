import { join, relative, resolve, sep, isAbsolute } from 'node:path';

/**
 * The target of `path` (relative, `/`-separated) under `folder`, or an error: the writer's last
 * line of defence, behind the routes' own checks. A path that gets here malformed is a bug of the
 * generator, not a mistake of the user's, so it throws (and is reported as an internal error).
 *
 * The folder is one the writer made itself, fresh, so no symbolic link is inside it: checking the
 * path's text after normalizing is enough.
 */
export function targetInside(folder: string, path: string): string {
  const refuse = (why: string): never => {
    throw new Error(`refusing to write ${JSON.stringify(path)} into the output folder: ${why}`);
  };
  if (path === '') refuse('the path is empty');
  if (/[\u0000-\u001f\u007f]/.test(path)) refuse('it holds a control character');
  if (path.includes('\\')) refuse('it holds a backslash');
  if (path.startsWith('/') || isAbsolute(path)) refuse('it is absolute');
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) refuse('it has an empty, "." or ".." segment');
  // Top-level names starting with a dot are the writer's own (the lock, the journal, staging folders).
  if ((segments[0] as string).startsWith('.')) refuse('a top-level name may not start with "."');
  const target = join(folder, ...segments);
  const rel = relative(resolve(folder), resolve(target));
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel))
    refuse('it resolves outside the output folder');
  return target;
}
