import { isUtf8 } from 'node:buffer';
import { ENCODING_RULE } from './limits.js';

/** Why bytes are not UTF-8 text, and where: each caller words it for what the file is. */
export type NotUtf8 = { line: number; column: number } & (
  { kind: 'utf16-bom' | 'utf16' } | { kind: 'byte'; byte: number }
);

export type Decoded =
  { ok: true; text: string } | { ok: false; rule: string; line: number; column: number; message: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Bytes as UTF-8 text, a byte-order mark dropped; or where and why they are not UTF-8 (UTF-16, with
 * or without its byte-order mark, or the first byte that breaks the encoding). Every file the build
 * reads as text (config, contracts, pages) is decoded here.
 */
export function decodeUtf8(bytes: Uint8Array): { ok: true; text: string } | ({ ok: false } & NotUtf8) {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return { ok: false, kind: 'utf16-bom', line: 1, column: 1 };
  if (looksLikeUtf16(bytes)) return { ok: false, kind: 'utf16', line: 1, column: 1 };
  const body = UTF8_BOM.every((byte, i) => bytes[i] === byte) ? bytes.subarray(UTF8_BOM.length) : bytes;
  // Node's check is native and fast; the walk that finds the bad byte runs only when it fails.
  if (isUtf8(body))
    return { ok: true, text: Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8') };
  const offset = firstInvalidByte(body);
  return { ok: false, kind: 'byte', byte: body[offset] ?? 0, ...positionOfByte(body, offset) };
}

/**
 * A config or contract file's bytes as text. Only UTF-8 is text here (YAML and JSON files are
 * UTF-8 in practice, and JSON must be): anything that does not decode is one located problem that
 * says what the file looks like, rather than a parser's complaint about a character it made up.
 */
export function decodeSource(bytes: Uint8Array): Decoded {
  const decoded = decodeUtf8(bytes);
  if (decoded.ok) return decoded;
  const why =
    decoded.kind === 'byte'
      ? `byte 0x${decoded.byte.toString(16).padStart(2, '0')} here is not UTF-8; save the file as UTF-8`
      : decoded.kind === 'utf16-bom'
        ? 'it looks like UTF-16 (it starts with a UTF-16 byte-order mark)'
        : 'it looks like UTF-16 (every other byte is zero)';
  return notUtf8(decoded.line, decoded.column, why);
}

function notUtf8(line: number, column: number, why: string): Decoded {
  return { ok: false, rule: ENCODING_RULE, line, column, message: `the file is not UTF-8 text: ${why}` };
}

/** ASCII text in UTF-16 without a byte-order mark: zero bytes at every even or every odd offset. */
function looksLikeUtf16(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 64) & ~1;
  if (n < 2) return false;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  return even === n / 2 || odd === n / 2;
}

/** Where UTF-8 decoding fails (only on the error path, so a plain walk over the sequences). */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    const length =
      b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    if (length > 1) {
      const chunk = bytes.subarray(i, i + length);
      if (chunk.length < length) return i;
      try {
        utf8.decode(chunk);
      } catch {
        return i;
      }
    }
    i += length;
  }
  return Math.max(0, bytes.length - 1);
}

function positionOfByte(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      start = i + 1;
    }
  }
  const before = new TextDecoder('utf-8').decode(bytes.subarray(start, offset));
  return { line, column: before.length + 1 };
}
