import { isAbsolute, relative, sep } from 'node:path';
import { isWithin } from './project-path.js';

/** The folder given with `--root`, when there is one: see `displayPath`. */
let widenedRoot: string | undefined;

/**
 * Paths under the folder given with `--root` (absolute), or under none once it is undefined again,
 * are shown relative to the working folder even above it, when the working folder is in it too:
 * `../services/search/openapi.yaml` from a monorepo's `docs/`.
 */
export function showPathsWithin(root: string | undefined): void {
  widenedRoot = root;
}

/** Paths inside the working directory are shown relative to it, so they can be clicked and copied. */
export function displayPath(path: string, cwd: string = process.cwd()): string {
  if (!isAbsolute(path)) return path.split(sep).join('/');
  const rel = relative(cwd, path);
  const shown = rel !== '' && !isAbsolute(rel) && (!rel.startsWith('..') || bothWithin(widenedRoot, cwd, path));
  return (shown ? rel : path).split(sep).join('/');
}

function bothWithin(root: string | undefined, cwd: string, path: string): boolean {
  return root !== undefined && isWithin(root, cwd) && isWithin(root, path);
}
