import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { codeFingerprint } from '../cache/store.js';
import { isWithin, projectAt, resolveInProject } from '../sources/project-path.js';

/**
 * What a build was made from, as `build-report.json` records it: the files and folders it read
 * (relative to the project: the config's folder, or the one `--root` gave) and one hash of specsite's code and of every file under them.
 * Anything that reads the output can tell whether it is still the build of what is on disk now by
 * hashing the same paths again (`specsite mcp` does before it serves `DIR/`).
 */
export interface BuildInputs {
  fingerprint: string;
  /** `/`-separated, sorted: the config, the content folder, each API's spec, every file the contracts are made of, the pages' images, the favicon. */
  paths: string[];
}

/** Folders no build reads from (content discovery skips every hidden name): a walk of the content or a spec folder skips them. */
const SKIPPED = new Set(['.git', '.cache']);

/** Whether a folder's walk goes into `entry`: files and folders, never links, none of `SKIPPED`. */
function walked(entry: Dirent): boolean {
  return !SKIPPED.has(entry.name) && (entry.isFile() || entry.isDirectory());
}

/**
 * `paths` (absolute) as the report records them, with their fingerprint now; paths outside `rootDir`
 * are left out (a build reads none: the trust boundary refuses them).
 */
export async function buildInputs(rootDir: string, paths: Iterable<string>): Promise<BuildInputs> {
  // A file inside a listed folder is hashed with the folder.
  const sorted = [...(await projectPaths(rootDir, paths))]
    .sort()
    .filter((p, _, all) => !all.some((q) => q !== p && (q === '.' || p.startsWith(`${q}/`))));
  return { fingerprint: await fingerprintInputs(rootDir, sorted), paths: sorted };
}

/**
 * `paths` relative to the project, each by its real path: a file reached through a symbolic link (an
 * image in a linked folder) is hashed where it is, since a folder's walk does not follow links.
 */
async function projectPaths(rootDir: string, paths: Iterable<string>): Promise<Set<string>> {
  // The contracts' files are known by their real paths: a project under a symlinked folder has two names.
  const real = await realpath(rootDir).catch(() => resolve(rootDir));
  const inside = new Set<string>();
  const absolutes = await Promise.all(
    [...paths].map(async (path) => {
      const absolute = resolve(rootDir, path);
      return realpath(absolute).catch(() => absolute);
    }),
  );
  for (const absolute of absolutes) {
    const root = isWithin(rootDir, absolute) ? rootDir : isWithin(real, absolute) ? real : undefined;
    if (root !== undefined) inside.add(toSlashes(relativePath(root, absolute)));
  }
  return inside;
}

/**
 * One hash of the code fingerprint and of each file under `paths` (a file, or a folder walked
 * without following links), path and bytes, in path order; a path that is gone counts as gone.
 * A path that leaves `rootDir` (a report edited by hand) counts as gone, and is never read.
 * Synchronous: every build hashes its sources (an edit twice: to see that something changed, and for
 * its report), mostly files the kernel has in memory, where each asynchronous call waited its turn
 * in libuv's pool (the real site's 130 files: 40-80 ms, against a few here).
 */
export async function fingerprintInputs(rootDir: string, paths: readonly string[]): Promise<string> {
  const hash = createHash('sha256').update(codeFingerprint()).update('\0');
  const files = new Map<string, string>();
  for (const path of paths) {
    const absolute = resolve(rootDir, path);
    if (!isWithin(rootDir, absolute) || !(await collect(rootDir, absolute, files))) files.set(path, 'gone');
  }
  for (const path of [...files.keys()].sort())
    hash
      .update(path)
      .update('\0')
      .update(files.get(path) as string);
  return hash.digest('hex');
}

/**
 * Adds the file at `absolute`, or every file below it, by relative path → content hash; false when
 * nothing is there. `kind`: what a folder's listing already said it is.
 */
async function collect(
  rootDir: string,
  absolute: string,
  into: Map<string, string>,
  kind?: 'file' | 'folder',
): Promise<boolean> {
  const stats = kind ? undefined : lstatSync(absolute, { throwIfNoEntry: false });
  if (!kind && !stats) return false;
  if (kind === 'folder' || stats?.isDirectory()) {
    for (const entry of readdirQuietly(absolute).filter(walked))
      await collect(rootDir, join(absolute, entry.name), into, entry.isDirectory() ? 'folder' : 'file');
    return true;
  }
  const key = toSlashes(relativePath(rootDir, absolute));
  // A link is hashed as where it points, which is what the build read through it, if that is inside the project.
  const where = stats?.isSymbolicLink()
    ? await resolveInProject(projectAt(rootDir), absolute)
    : { ok: true as const, real: absolute };
  if (!where.ok) {
    into.set(key, where.reason);
    return true;
  }
  const bytes = readQuietly(where.real);
  into.set(key, bytes ? createHash('sha256').update(bytes).digest('hex') : 'unreadable');
  return true;
}

function readdirQuietly(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** A regular file's bytes; nothing else is opened (a pipe named in a report edited by hand would never end). */
function readQuietly(file: string): Buffer | undefined {
  try {
    return statSync(file).isFile() ? readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
}

function relativePath(rootDir: string, absolute: string): string {
  return relative(rootDir, absolute) || '.';
}

function toSlashes(path: string): string {
  return path.split(sep).join('/');
}

/**
 * Whether a file or folder under `paths` (relative to `rootDir`, folders walked as the fingerprint
 * walks them) was written or changed after `sinceNs`, by the file system's clock. A build that hashes
 * its sources once it is done cannot tell an edit made while it ran from the file it read.
 */
export function changedSince(rootDir: string, paths: readonly string[], sinceNs: bigint): boolean {
  const after = (stats: { mtimeNs: bigint; ctimeNs: bigint } | undefined): boolean =>
    stats !== undefined && (stats.mtimeNs > sinceNs || stats.ctimeNs > sinceNs);
  const changed = (path: string, top: boolean): boolean => {
    let stats = lstatSync(path, { bigint: true, throwIfNoEntry: false });
    // A path the build found missing (a site without standalone pages) is unchanged while its folder
    // is: one removed during the build, or added, changed the folder it is in.
    if (!stats) return !top || after(lstatSync(dirname(path), { bigint: true, throwIfNoEntry: false }));
    if (stats.isSymbolicLink()) stats = statSync(path, { bigint: true, throwIfNoEntry: false }) ?? stats;
    if (after(stats)) return true;
    if (!stats.isDirectory()) return false;
    return readdirSync(path, { withFileTypes: true }).some(
      (entry) => walked(entry) && changed(join(path, entry.name), false),
    );
  };
  return paths.some((path) => changed(resolve(rootDir, path), true));
}
