/**
 * How long a page may be, checked before anything parses it. The Markdown parser takes about a
 * millisecond a line on a loaded CI machine, and some later steps grow faster than the page (a
 * 100,000-item list took minutes); real pages stay under a few thousand lines and 200 KB.
 */
export const MAX_PAGE_LINES = 10_000;
/** Characters of one page, for text that packs its elements on few lines. */
export const MAX_PAGE_CHARS = 1024 * 1024;

export const PAGE_SIZE_RULE = 'page-size';

/** Where a page crosses a limit (the first line, or character, past it) and what it says; undefined when it fits. */
export function tooLongPage(text: string): { line: number; column: number; message: string } | undefined {
  let line = 1;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    // The text after a last line break is a line only when it holds something.
    if (line > MAX_PAGE_LINES && start < text.length)
      return {
        line,
        column: 1,
        message: `the page is longer than ${MAX_PAGE_LINES.toLocaleString('en')} lines; split it into several pages`,
      };
    if (text.length > MAX_PAGE_CHARS && (end === -1 || end >= MAX_PAGE_CHARS)) {
      return {
        line,
        column: MAX_PAGE_CHARS - start + 1,
        message: `the page is longer than ${MAX_PAGE_CHARS.toLocaleString('en')} characters; split it into several pages`,
      };
    }
    if (end === -1) return undefined;
    start = end + 1;
    line += 1;
  }
}
