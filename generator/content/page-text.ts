import { isUtf8 } from 'node:buffer';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { displayPath } from '../sources/display-path.js';

/** Rule of a page file that is not UTF-8 text. */
export const ENCODING = 'encoding';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

export type PageText = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

/**
 * A page file's bytes as text. Pages are UTF-8; an editor's byte order mark is dropped (left in, it
 * would hide the front matter's opening `---`), and anything that is not UTF-8 is said so plainly,
 * at the first byte that is not, rather than left to the Markdown parser to misread.
 */
export function decodePage(file: string, bytes: Buffer): PageText {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { ok: false, diagnostic: encodingError(file, 1, 1, 'the page is saved as UTF-16; save it as UTF-8') };
  }
  const body = UTF8_BOM.every((byte, i) => bytes[i] === byte) ? bytes.subarray(UTF8_BOM.length) : bytes;
  if (isUtf8(body)) return { ok: true, text: body.toString('utf8') };
  const at = firstInvalidByte(body);
  const before = body.subarray(0, at);
  const lineStart = before.lastIndexOf(0x0a) + 1;
  const line = before.reduce((n, byte) => (byte === 0x0a ? n + 1 : n), 1);
  const column = before.subarray(lineStart).toString('utf8').length + 1;
  return { ok: false, diagnostic: encodingError(file, line, column, `the page is not valid UTF-8 text (byte 0x${(body[at] ?? 0).toString(16).padStart(2, '0')} here); save it as UTF-8`) };
}

/** Offset of the first byte that does not start a well-formed UTF-8 sequence (overlong forms and surrogates included). */
function firstInvalidByte(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const follow = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
    if (follow === 0) return i;
    let point = lead & (0x3f >> follow);
    for (let k = 1; k <= follow; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
      point = (point << 6) | (next & 0x3f);
    }
    const least = [0, 0x80, 0x800, 0x10000][follow] as number;
    if (point < least || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return i;
    i += follow + 1;
  }
  return bytes.length;
}

function encodingError(file: string, line: number, column: number, message: string): Diagnostic {
  return { file: displayPath(file), line, column, severity: 'error', rule: ENCODING, message };
}
