import { createHmac, timingSafeEqual } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';

/** What every entry file starts with: the format, then the HMAC-SHA256 tag of what follows. */
const MAGIC = Buffer.from('ssc1');
const TAG_BYTES = 32;
const HEADER_BYTES = MAGIC.length + TAG_BYTES;

/**
 * The tag binds the bytes to the entry's kind and key: an entry this machine wrote cannot be renamed
 * to stand for other work, and one that any other hand wrote (a cache committed with the project)
 * has no tag the key gives.
 */
function tag(secret: Buffer, kind: string, key: string, payload: Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${kind}\0${key}\0`).update(payload).digest();
}

/** An entry file's bytes: the payload signed with this machine's key. */
export function seal(secret: Buffer, kind: string, key: string, payload: Uint8Array): Buffer[] {
  return [MAGIC, tag(secret, kind, key, payload), Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength)];
}

/** The payload of an entry file this machine signed for this kind and key, or undefined. */
export function unseal(secret: Buffer, kind: string, key: string, bytes: Buffer): Buffer | undefined {
  if (bytes.length < HEADER_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const payload = bytes.subarray(HEADER_BYTES);
  const expected = tag(secret, kind, key, payload);
  return timingSafeEqual(bytes.subarray(MAGIC.length, HEADER_BYTES), expected) ? payload : undefined;
}

/**
 * An entry file's bytes, or undefined when there is none. Only a regular file is read, and not
 * through a link: a committed entry that links to `/dev/zero` or a file elsewhere is not an entry.
 * Synchronous: a build reads hundreds of small entries, and each asynchronous call (open, stat,
 * read, close) waited its turn in libuv's pool: about a sixth of an edit's time on the real site.
 */
export function readEntryFile(path: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
