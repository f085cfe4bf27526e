import { createHash, randomBytes } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { lstat, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pLimit from 'p-limit';
import { deserialize, serialize } from 'node:v8';
import { machineKey } from './machine-key.js';
import { markPruned, pruneCache, pruneDue, PRUNE_DEFAULTS } from './prune.js';
import { readEntryFile, seal, unseal } from './sealed-entry.js';
import { fitsKind, type CacheKind } from './shapes.js';

/** Why a project's cache folder was not used, or how many of its entries were not this machine's. */
export interface CacheDistrust {
  /** The cache folder, as found. */
  dir: string;
  /** Set when the folder itself was refused: it is a link, or not a folder. */
  refused?: string;
  /** Entries found that this machine did not sign, ignored (and replaced when the build made them again). */
  foreign: number;
}

/**
 * The build cache (`.cache/` beside the site config): finished work keyed by a hash of everything it
 * was made from, including the generator's own code and installed dependencies (`fingerprint`), so an
 * entry is never stale: any change gives a new key, and old entries are simply never read again.
 * Deleting the folder is always safe; an entry that cannot be read, or is not what its kind holds
 * (`fitsKind`), is treated as missing.
 *
 * The folder sits in the checkout, where a pull request can put files, and its keys can be computed
 * from public inputs; so every entry is signed with a key that lives outside the project
 * (`machineKey`), and an entry without this machine's signature is a miss, counted (`distrust`)
 * for the build to report once. Nothing is deserialized before its signature checks out.
 */
export class BuildCache {
  /** The entries this run read or wrote: what pruning keeps whatever their age. */
  private readonly used = new Set<string>();
  /** Entry files being written at once: a store nobody bounds (a large site's pages) would run out of descriptors. */
  private readonly opening = pLimit(64);
  /** Folders under the cache checked to be real folders, not links a checkout planted. */
  private readonly checkedFolders = new Map<string, Promise<boolean>>();
  private foreign = 0;

  private constructor(
    private readonly dir: string | undefined,
    readonly fingerprint: string,
    private readonly secret: Buffer | undefined,
    private readonly refused?: { dir: string; why: string },
  ) {}

  /** A cache that stores nothing and finds nothing (`--no-cache`), with the same interface. */
  static disabled(): BuildCache {
    return new BuildCache(undefined, codeFingerprint(), undefined);
  }

  /** The cache at `dir`; off when this user has no key to sign entries with. */
  static at(dir: string): BuildCache {
    const secret = cachedMachineKey();
    return new BuildCache(secret ? dir : undefined, codeFingerprint(), secret);
  }

  /**
   * The project's cache, `.cache/specsite/` beside its site config, or none (`--no-cache`). A
   * `.cache` or `.cache/specsite` that is a link (which a checkout can bring) is not followed: the
   * cache is off for the run, and `distrust` says why.
   */
  static forProject(rootDir: string, enabled: boolean): BuildCache {
    if (!enabled) return BuildCache.disabled();
    const dir = join(rootDir, '.cache', 'specsite');
    for (const path of [dirname(dir), dir]) {
      const info = (() => {
        try {
          return lstatSync(path);
        } catch {
          return undefined;
        }
      })();
      if (info && !info.isDirectory()) {
        const why = info.isSymbolicLink() ? 'is a link' : 'is not a folder';
        return new BuildCache(undefined, codeFingerprint(), undefined, { dir: path, why });
      }
    }
    return BuildCache.at(dir);
  }

  get enabled(): boolean {
    return this.dir !== undefined;
  }

  /** What of the cache this run could not trust so far, or undefined when there was nothing. */
  distrust(): CacheDistrust | undefined {
    if (this.refused) return { dir: this.refused.dir, refused: this.refused.why, foreign: 0 };
    if (this.foreign === 0 || !this.dir) return undefined;
    return { dir: this.dir, foreign: this.foreign };
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
    if (!this.dir || !this.secret) return undefined;
    const path = this.path(kind, key);
    const bytes = readEntryFile(path);
    if (bytes === undefined) return undefined;
    const payload = unseal(this.secret, kind, key, bytes);
    if (payload === undefined) {
      this.foreign++;
      return undefined;
    }
    let value: unknown;
    try {
      value = deserialize(payload);
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
    if (!this.dir || !this.secret) return;
    const secret = this.secret;
    const path = this.path(kind, key);
    // Written beside and renamed, so a reader never sees half an entry (dev and build may run at once).
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (!(await this.realFolder(dirname(path)))) return;
      await this.opening(() => writeFile(temporary, seal(secret, kind, key, serialize(value)), { flag: 'wx' }));
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

  /**
   * Makes a kind's folder, then a shard's (`<kind>/<xx>`), and tells whether both are real folders:
   * a link committed in their place would have entries written wherever it points.
   */
  private realFolder(folder: string): Promise<boolean> {
    let checked = this.checkedFolders.get(folder);
    if (!checked) {
      const parent = dirname(folder);
      // The kind's folder first: the shard is made only inside a folder known to be the cache's own
      // (`recursive` makes the cache's folder too, and takes a folder that is there already).
      const inside = parent === this.dir ? Promise.resolve(true) : this.realFolder(parent);
      checked = inside.then(async (ok) => {
        if (!ok) return false;
        await mkdir(folder, { recursive: true });
        return (await lstat(folder)).isDirectory();
      });
      this.checkedFolders.set(folder, checked);
    }
    return checked.catch(() => false);
  }
}

let key: Buffer | undefined | null = null;

/** This user's cache key, looked up once per process. */
function cachedMachineKey(): Buffer | undefined {
  if (key === null) key = machineKey();
  return key;
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
