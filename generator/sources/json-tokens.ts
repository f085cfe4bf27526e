/**
 * jsonc-parser's `SyntaxKind` values that the JSON scanners here use. It is a `const enum`, which a
 * file-by-file transpiler cannot inline, so the numbers are written once, here.
 */
export const OPEN_BRACE = 1;
export const CLOSE_BRACE = 2;
export const OPEN_BRACKET = 3;
export const CLOSE_BRACKET = 4;
export const COMMA = 5;
export const COLON = 6;
export const STRING = 10;
export const EOF = 17;
