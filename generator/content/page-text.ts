import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { decodeUtf8 } from '../sources/decode.js';
import { displayPath } from '../sources/display-path.js';
import { ENCODING_RULE } from '../sources/limits.js';

export type PageText = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

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
