import { createHash } from 'node:crypto';

/**
 * Pagefind's content hash, as it names its files: SHA-1, each byte written in hex without a leading
 * zero (`0x0c` is `c`). Files named the same way as Pagefind's keep the site's URLs as they were.
 */
export function pagefindHash(bytes: Uint8Array | string): string {
  let out = '';
  for (const byte of createHash('sha1').update(bytes).digest()) out += byte.toString(16);
  return out;
}

/** Strings in the order Pagefind sorts them (Rust's: by UTF-8 bytes, which is by code point). */
export function byCodePoint(a: string, b: string): number {
  if (a === b) return 0;
  // UTF-16 order is code point order unless a surrogate pair meets U+E000–U+FFFF.
  if (!/[\ud800-\udfff]/.test(a) && !/[\ud800-\udfff]/.test(b)) return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** `strings` sorted by code point: as JavaScript sorts them when none has a surrogate pair, the common case. */
export function sortedByCodePoint(strings: string[]): string[] {
  return strings.some((text) => /[\ud800-\udfff]/.test(text)) ? strings.sort(byCodePoint) : strings.sort();
}
