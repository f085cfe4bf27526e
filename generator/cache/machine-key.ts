import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** The secret's length in bytes: an HMAC-SHA256 key. */
const KEY_BYTES = 32;

/**
 * Where this user's cache key lives: `$XDG_CACHE_HOME/specsite/`, else `~/.cache/specsite/`. It is
 * the environment's, never the project's: a pull request can commit a `.cache/` but cannot reach
 * this folder, so it cannot sign entries the build will trust.
 */
export function keyFolder(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'specsite');
  return join(homedir(), '.cache', 'specsite');
}

export const KEY_FILE = 'cache-key';

/**
 * The key that signs this machine's cache entries, made on first use (random, readable by its user
 * alone). Undefined when it can be neither read nor made (no writable home): the cache is then off,
 * which only costs speed. A home that cannot be written falls back to a folder of the user's own
 * under the system's temporary folder.
 */
export function machineKey(env: NodeJS.ProcessEnv = process.env): Buffer | undefined {
  for (const folder of [keyFolder(env), join(tmpdir(), `specsite-${process.getuid?.() ?? 'user'}`)]) {
    const key = readKey(join(folder, KEY_FILE)) ?? makeKey(folder);
    if (key) return key;
  }
  return undefined;
}

/** The key at `path` when it is a regular file of this user's that only they can read, of the right size. */
function readKey(path: string): Buffer | undefined {
  let fd: number;
  try {
    // O_NOFOLLOW: a link planted where the key goes (a shared temporary folder) is not a key.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    const info = fstatSync(fd);
    const uid = process.getuid?.();
    if (!info.isFile() || info.size !== KEY_BYTES) return undefined;
    if (uid !== undefined && (info.uid !== uid || (info.mode & 0o077) !== 0)) return undefined;
    const key = Buffer.alloc(KEY_BYTES);
    return readSync(fd, key, 0, KEY_BYTES, 0) === KEY_BYTES ? key : undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a new key beside its place and links it in, so two builds that start at once agree on one
 * key: the second link fails and that build reads the first one's.
 */
function makeKey(folder: string): Buffer | undefined {
  const path = join(folder, KEY_FILE);
  const temporary = join(folder, `${KEY_FILE}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileSync(temporary, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(temporary, path);
    } catch {
      // Another build made it first (or something else stands there): what is there is read below.
    }
  } catch {
    return undefined;
  } finally {
    rmSync(temporary, { force: true });
  }
  return readKey(path);
}
