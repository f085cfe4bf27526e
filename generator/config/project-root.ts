import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { listIgnored } from '../sources/git-ignored.js';
import { isWithin, projectAt, realRoot, type Project } from '../sources/project-path.js';

/**
 * Why `root` (the command line's `--root`) cannot be the project of the config at `configPath`, or
 * undefined when it can: it must be a folder that holds the config, symlinks followed.
 */
export function rootProblem(root: string, configPath: string): string | undefined {
  const dir = resolve(root);
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() !== true) return `"${root}" is not a folder`;
  if (!isWithin(realRoot(dir), realRoot(resolve(configPath))))
    return `"${root}" does not contain the config "${configPath}"; give a folder the config is in (or leave --root out)`;
  return undefined;
}

/**
 * The project of a config: its own folder, or the folder the command line widened it to. Only a
 * command-line option widens it, never the config, which a pull request can edit; a widened project
 * also leaves out what git ignores in it (asked once, here).
 */
export async function openProject(
  configPath: string,
  root: string | undefined,
): Promise<{ ok: true; project: Project } | { ok: false; message: string }> {
  if (root === undefined) return { ok: true, project: projectAt(dirname(resolve(configPath))) };
  const problem = rootProblem(root, configPath);
  if (problem) return { ok: false, message: `--root ${problem}` };
  const dir = resolve(root);
  const listing = await listIgnored(dir);
  return listing.ok ? { ok: true, project: { dir, ignored: listing.ignored } } : listing;
}
