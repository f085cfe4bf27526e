// The budget of one content page (`contentBudget` in the config): its file's bytes are checked when
// it is read (`page-text.ts`), its syntax nodes right after it is parsed (`plugins/remark-page-size.ts`).

/** The rule of a page over the budget (`page-budget` is the API reference pages' own, a warning). */
export const PAGE_SIZE_RULE = 'page-size';

export function tooManyBytes(size: number, maxBytes: number): string {
  return `the page file has ${size.toLocaleString('en-US')} bytes, more than the ${maxBytes.toLocaleString('en-US')} a page may have (\`contentBudget.bytes\` in the site config); split it into several pages`;
}

export function tooManyNodes(maxNodes: number): string {
  return `the page has more than ${maxNodes.toLocaleString('en-US')} Markdown nodes (headings, paragraphs, runs of text, links, list items, table cells, elements), the budget of one page (\`contentBudget.nodes\` in the site config), from here on; split it into several pages`;
}

/**
 * How long a page may be, checked before anything parses it. The Markdown parser takes about a
 * millisecond a line on a loaded CI machine, and some later steps grow faster than the page (a
 * 100,000-item list took minutes); real pages stay under a few thousand lines and 200 KB.
 */
export const MAX_PAGE_LINES = 10_000;
/** Characters of one page, for text that packs its elements on few lines. */
export const MAX_PAGE_CHARS = 1024 * 1024;

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
