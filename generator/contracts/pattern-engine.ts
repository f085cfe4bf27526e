import { createRequire } from 'node:module';
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';

type Re2Module = typeof import('re2js');

let re2: Re2Module | undefined;

/** re2js is CommonJS-loadable; it is only needed once a contract's pattern is compiled. */
function re2js(): Re2Module {
  re2 ??= createRequire(import.meta.url)('re2js') as Re2Module;
  return re2;
}

/**
 * JavaScript's `\s` (what a contract's author tested their pattern with): RE2's is ASCII only.
 * Without the brackets, so that it fits inside a character class as well.
 */
const JS_SPACE =
  '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** JavaScript's `.` without the `s` flag stops at every line terminator, RE2's only at `\n`. */
const JS_DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/**
 * A contract's pattern (JavaScript syntax, `u` flag, as JSON Schema tools run it) in RE2 syntax,
 * with the few constructs whose meaning differs between the two engines spelled out.
 */
export function toRe2Syntax(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === '\\' && i + 1 < pattern.length) {
      const next = pattern[i + 1] as string;
      i++;
      if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (next === 'S' && !inClass) out += `[^${JS_SPACE}]`;
      else out += `\\${next}`;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
    } else if (ch === '[') {
      inClass = true;
      // `[]` and `[^]` are JavaScript's empty and any-character classes; RE2 would read the `]` as a member.
      if (pattern[i + 1] === ']') {
        out += '[^\\x{0}-\\x{10FFFF}]';
        inClass = false;
        i++;
        continue;
      }
      if (pattern.startsWith('^]', i + 1)) {
        out += '[\\x{0}-\\x{10FFFF}]';
        inClass = false;
        i += 2;
        continue;
      }
    } else if (ch === '.') {
      out += JS_DOT;
      continue;
    }
    out += ch;
  }
  return re2js().RE2JS.translateRegExp(out);
}

export type PatternCheck = { ok: true; test: (value: string) => boolean } | { ok: false; message: string };

const compiled = new Map<string, PatternCheck>();

/**
 * A pattern compiled for RE2, whose matching time grows linearly with the text whatever the pattern
 * (JavaScript's engine backtracks: `^(a+)+$` on 40 characters takes minutes). A pattern RE2 has no
 * equivalent for (backreferences, lookaround) cannot be checked: `ok: false` says why.
 */
export function compilePattern(pattern: string): PatternCheck {
  let check = compiled.get(pattern);
  if (check) return check;
  try {
    const { RE2JS } = re2js();
    const regex = RE2JS.compile(toRe2Syntax(pattern));
    check = { ok: true, test: (value) => regex.test(value) };
  } catch (error) {
    check = { ok: false, message: (error as Error).message.split('\n')[0] ?? 'unsupported syntax' };
  }
  compiled.set(pattern, check);
  return check;
}

/**
 * Ajv's `code.regExp` for contract schemas: the pattern must still be valid JavaScript (Ajv's own
 * message when not), and is run by RE2. One RE2 cannot run accepts every value: it is reported once,
 * where it is written, by the `pattern-unsupported` rule, not here.
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string): RegExpLike => {
    new RegExp(pattern, flags);
    const check = compilePattern(pattern);
    const test = check.ok ? check.test : () => true;
    // Ajv keys its compiled patterns by `toString()`, as it does for a RegExp.
    const matcher: RegExpLike & { toString(): string } = { test, toString: () => `/${pattern}/${flags}` };
    return matcher;
  },
  { code: 'linearRegExp' },
);
