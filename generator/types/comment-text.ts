/**
 * Text from a contract or the config made safe to print inside a `/* … *\/` comment of generated
 * code: it cannot close the comment (`*\/`), and it stays on one line (a line break, U+2028/2029
 * included, would let it start a line of its own in a `//` comment or a JSDoc tag). Other control
 * characters are shown escaped, so a reader of the file sees them.
 */
export function commentText(text: string): string {
  return text
    .replace(/\*\//g, '*\\/')
    .replace(/\r\n?|[\n\u2028\u2029]/g, ' ')
    .replace(
      /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
}
