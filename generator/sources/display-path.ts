import { isAbsolute, relative, sep } from 'node:path';

/** Paths inside the working directory are shown relative to it, so they can be clicked and copied. */
export function displayPath(path: string, cwd: string = process.cwd()): string {
  if (!isAbsolute(path)) return path.split(sep).join('/');
  const rel = relative(cwd, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return path.split(sep).join('/');
  return rel.split(sep).join('/');
}
