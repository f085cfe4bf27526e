import type { PageSource } from './types.js';

/**
 * The most emphasis, strikethrough and link delimiters (`*`, `_`, `~`, `[`, `]`, counted in runs) one
 * paragraph may have. micromark matches them with work that grows with the square of their number
 * in one paragraph (`*a_ ` repeated 8,000 times in one paragraph takes 10 s), so the page's bytes
 * alone do not bound its parse; a long real paragraph has a few dozen.
 */
export const MAX_INLINE_MARKS = 200;

export function tooMuchInlineMarkup(max: number): string {
  return `this paragraph has more than ${max.toLocaleString('en-US')} emphasis and link marks (\`*\`, \`_\`, \`~\`, \`[\`, \`]\`), which the Markdown parser takes too long over; split the paragraph (a blank line) or write less markup`;
}

/** Where a raw block ends that may hide what looks like a code fence from the parser (HTML in `.md`). */
const RAW_ENDS: ReadonlyArray<[RegExp, string]> = [
  [/^<!--/, '-->'],
  [/^<\?/, '?>'],
  [/^<!\[CDATA\[/, ']]>'],
  [/^<![A-Za-z]/, '>'],
  [/^<script/i, '</script'],
  [/^<pre/i, '</pre'],
  [/^<style/i, '</style'],
  [/^<textarea/i, '</textarea'],
];

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const MARK = /[*_~[\]]/;
const MARKS = new Set(['*', '_', '~', '[', ']']);

/**
 * Where the first paragraph with more than `max` delimiter runs starts (1-based), in one linear
 * pass before the page is parsed. A paragraph here is a run of lines between blank lines, which
 * holds each paragraph the parser sees (it may hold several list items or table rows, so it counts
 * generously). Fenced code is not counted, as the parser does not look for emphasis in it; a fence
 * is only taken for one where nothing else could hide it (front matter, an HTML block in `.md`, an
 * expression or tag in `.mdx`): there its lines are counted.
 */
export function overMarkedParagraph(
  text: string,
  format: PageSource['format'],
  max: number,
): { line: number; column: number } | undefined {
  const lines = text.split('\n');
  let index = frontMatterEnd(lines);
  let fence: string | undefined;
  let rawEnd: string | undefined;
  let braces = 0;
  let count = 0;
  let start: { line: number; column: number } | undefined;
  for (; index < lines.length; index++) {
    const line = lines[index] as string;
    if (fence !== undefined) {
      if (
        line.trimStart().startsWith(fence) &&
        line.search(/\S/) < 4 &&
        line.trim().replaceAll(fence[0] as string, '') === ''
      )
        fence = undefined;
      continue;
    }
    if (line.trim() === '') {
      count = 0;
      start = undefined;
      if (rawEnd === '') rawEnd = undefined;
      continue;
    }
    const trimmed = line.trimStart();
    const opener = FENCE.exec(line);
    if (
      opener &&
      rawEnd === undefined &&
      braces === 0 &&
      !(opener[1]?.[0] === '`' && line.slice(opener[0].length).includes('`'))
    ) {
      fence = opener[1];
      count = 0;
      start = undefined;
      continue;
    }
    if (rawEnd === undefined && trimmed.startsWith('<') && line.length - trimmed.length < 4)
      rawEnd = RAW_ENDS.find(([pattern]) => pattern.test(trimmed))?.[1] ?? (trimmed.includes('>') ? '' : '>');
    // What ends a raw block ends it at the blank line after it: till then, no fence is taken.
    if (rawEnd && line.includes(rawEnd, line.length - trimmed.length + 1)) rawEnd = '';
    if (format === 'mdx') braces = Math.max(0, braces + countOf(line, '{') - countOf(line, '}'));
    if (!MARK.test(line)) continue;
    start ??= { line: index + 1, column: line.length - trimmed.length + 1 };
    count += runs(line);
    if (count > max) return start;
  }
  return undefined;
}

/** The index of the first line after the page's front matter (0 when it has none). */
function frontMatterEnd(lines: string[]): number {
  if (lines[0]?.trimEnd() !== '---') return 0;
  for (let index = 1; index < lines.length; index++) if (lines[index]?.trimEnd() === '---') return index + 1;
  return 0;
}

/** The runs of delimiter characters in a line: `**` is one, `*_` two. */
function runs(line: string): number {
  let total = 0;
  for (let at = 0; at < line.length; at++) {
    const char = line[at] as string;
    if (MARKS.has(char) && line[at - 1] !== char) total += 1;
  }
  return total;
}

function countOf(line: string, char: string): number {
  let total = 0;
  for (let at = line.indexOf(char); at !== -1; at = line.indexOf(char, at + 1)) total += 1;
  return total;
}
