import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { decodeUtf8 } from '../sources/decode.js';
import { displayPath } from '../sources/display-path.js';
import { ENCODING_RULE } from '../sources/limits.js';
import { PAGE_SIZE_RULE, tooManyBytes } from './page-size.js';

export type PageText = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

/**
 * A page file as text, unless it has more than `maxBytes` bytes: such a file is not read at all, so
 * neither its parse nor its front matter costs anything. The length is checked again once read, in
 * case the file grew in between. Synchronous: every build reads every page, files the kernel mostly
 * has in memory, where each of the four asynchronous calls (open, stat, read, close) waited its turn
 * in libuv's pool.
 */
export async function readPageFile(file: string, maxBytes: number): Promise<PageText> {
  const fd = openSync(file, 'r');
  try {
    const { size } = fstatSync(fd);
    const bytes = size > maxBytes ? undefined : readFileSync(fd);
    if (bytes === undefined || bytes.length > maxBytes)
      return {
        ok: false,
        diagnostic: {
          file: displayPath(file),
          line: 1,
          column: 1,
          severity: 'error',
          rule: PAGE_SIZE_RULE,
          message: tooManyBytes(Math.max(size, bytes?.length ?? 0), maxBytes),
        },
      };
    return decodePage(file, bytes);
  } finally {
    closeSync(fd);
  }
}

/**
 * A page file's bytes as text. Pages are UTF-8; an editor's byte order mark is dropped (left in, it
 * would hide the front matter's opening `---`), and anything that is not UTF-8 is said so plainly,
 * at the first byte that is not, rather than left to the Markdown parser to misread.
 */
export function decodePage(file: string, bytes: Buffer): PageText {
  const decoded = decodeUtf8(bytes);
  if (decoded.ok) return decoded;
  const message =
    decoded.kind === 'byte'
      ? `the page is not valid UTF-8 text (byte 0x${decoded.byte.toString(16).padStart(2, '0')} here); save it as UTF-8`
      : 'the page is saved as UTF-16; save it as UTF-8';
  return { ok: false, diagnostic: encodingError(file, decoded.line, decoded.column, message) };
}

function encodingError(file: string, line: number, column: number, message: string): Diagnostic {
  return { file: displayPath(file), line, column, severity: 'error', rule: ENCODING_RULE, message };
}
