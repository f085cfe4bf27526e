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
 * Where a page passes `maxLines` (`contentBudget.lines`), checked before anything parses it: the
 * Markdown parser takes about a millisecond a line on a loaded CI machine, and a 100,000-item list
 * took minutes. Its characters are bounded already, by `contentBudget.bytes` when it was read.
 */
export function tooLongPage(
  text: string,
  maxLines: number,
): { line: number; column: number; message: string } | undefined {
  let line = 1;
  let start = 0;
  for (;;) {
    // The text after a last line break is a line only when it holds something.
    if (line > maxLines && start < text.length)
      return {
        line,
        column: 1,
        message: `the page has more than ${maxLines.toLocaleString('en-US')} lines, the budget of one page (\`contentBudget.lines\` in the site config); split it into several pages`,
      };
    const end = text.indexOf('\n', start);
    if (end === -1) return undefined;
    start = end + 1;
    line += 1;
  }
}
