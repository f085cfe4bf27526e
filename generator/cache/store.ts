import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pLimit from 'p-limit';
import { deserialize, serialize } from 'node:v8';
import { markPruned, pruneCache, pruneDue, PRUNE_DEFAULTS } from './prune.js';
import { fitsKind, type CacheKind } from './shapes.js';

/**
 * The build cache (`.cache/` beside the site config): finished work keyed by a hash of everything it
 * was made from, including the generator's own code and installed dependencies (`fingerprint`), so an
 * entry is never stale: any change gives a new key, and old entries are simply never read again.
 * Deleting the folder is always safe; an entry that cannot be read, or is not what its kind holds
 * (`fitsKind`), is treated as missing.
 */
export class BuildCache {
  /** The entries this run read or wrote: what pruning keeps whatever their age. */
  private readonly used = new Set<string>();
  /** Entry files open at once: a store nobody bounds (a large site's pages) would run out of descriptors. */
  private readonly opening = pLimit(64);

  private constructor(
    private readonly dir: string | undefined,
    readonly fingerprint: string,
  ) {}

  /** A cache that stores nothing and finds nothing (`--no-cache`), with the same interface. */
  static disabled(): BuildCache {
    return new BuildCache(undefined, codeFingerprint());
  }

  static at(dir: string): BuildCache {
    return new BuildCache(dir, codeFingerprint());
  }

  /** The project's cache, `.cache/specsite/` beside its site config, or none (`--no-cache`). */
  static forProject(rootDir: string, enabled: boolean): BuildCache {
    return enabled ? BuildCache.at(join(rootDir, '.cache', 'specsite')) : BuildCache.disabled();
  }

  get enabled(): boolean {
    return this.dir !== undefined;
  }

  /** The key of one piece of work: the code fingerprint and every input, in order. */
  key(...parts: ReadonlyArray<string | Uint8Array>): string {
    // Entries are V8's serialization, whose format belongs to the Node version that wrote it.
    const hash = createHash('sha256').update(this.fingerprint).update(process.versions.v8);
    for (const part of parts) {
      // Lengths keep ["ab", "c"] and ["a", "bc"] apart.
      hash.update(`\0${typeof part === 'string' ? Buffer.byteLength(part) : part.byteLength}\0`).update(part);
    }
    return hash.digest('hex');
  }

  async get<T>(kind: CacheKind, key: string): Promise<T | undefined> {
    if (!this.dir) return undefined;
    const path = this.path(kind, key);
    let value: unknown;
    try {
      value = deserialize(await this.opening(() => readFile(path)));
    } catch {
      return undefined;
    }
    if (!fitsKind(kind, value)) return undefined;
    this.used.add(path);
    return value as T;
  }

  /**
   * Stores an entry as V8 serializes it (structured clone: what comes back equals what went in,
   * `Infinity` and shared objects included). A cache that cannot be written (read-only checkout,
   * full disk) only costs speed.
   */
  async set(kind: CacheKind, key: string, value: unknown): Promise<void> {
    if (!this.dir) return;
    const path = this.path(kind, key);
    // Written beside and renamed, so a reader never sees half an entry (dev and build may run at once).
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(dirname(path), { recursive: true });
      await this.opening(() => writeFile(temporary, serialize(value)));
      await rename(temporary, path);
      this.used.add(path);
    } catch {
      // Nothing to do: the next build computes the entry again.
    }
  }

  /** When the entry was last written: its file's modification time in nanoseconds, as the file system keeps it. */
  async writtenAt(kind: CacheKind, key: string): Promise<bigint | undefined> {
    if (!this.dir) return undefined;
    return (await stat(this.path(kind, key), { bigint: true }).catch(() => undefined))?.mtimeNs;
  }

  /**
   * Deletes the entries this run did not use and nothing wrote for a month (`pruneCache`), at most
   * once a day, so a build is not slowed by listing a large cache every time. For the end of a run
   * that used everything it needs: a successful build. Returns the number deleted, or undefined
   * when it was not due. A cache that cannot be pruned only takes more room.
   */
  async pruneUnused(now: number = Date.now()): Promise<number | undefined> {
    if (!this.dir) return undefined;
    try {
      if (!(await pruneDue(this.dir, PRUNE_DEFAULTS.every, now))) return undefined;
      const deleted = await pruneCache(this.dir, this.used, { unusedFor: PRUNE_DEFAULTS.unusedFor, now });
      await markPruned(this.dir, now);
      return deleted;
    } catch {
      return undefined;
    }
  }

  private path(kind: CacheKind, key: string): string {
    return join(this.dir as string, kind, key.slice(0, 2), key);
  }
}

export function sha256(...parts: ReadonlyArray<string | Uint8Array>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

let fingerprint: string | undefined;

/**
 * A hash of the generator's sources, templates and lock file, written by `npm run compile` (which
 * every install and test run does): code or a dependency that changed invalidates the whole cache.
 */
export function codeFingerprint(): string {
  if (fingerprint === undefined) {
    try {
      fingerprint = readFileSync(new URL('../../fingerprint.txt', import.meta.url), 'utf8').trim();
    } catch {
      // Without one (a hand-made dist/), every run gets a key nothing else shares: correct, uncached.
      fingerprint = randomBytes(16).toString('hex');
    }
  }
  return fingerprint;
}
