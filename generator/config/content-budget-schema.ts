import { z } from 'zod';

/**
 * The most one content page may cost the build, measured on this project's 2-core machine (README
 * "Bounded work"). The bytes bound the parse, which comes before the nodes can be counted; what
 * makes the parse grow faster than the bytes (emphasis and link marks in one paragraph) is limited
 * before it runs (`content/inline-markup.ts`), and the lines bound it too (a millisecond a line).
 * The nodes bound every later step. 256 KB is some 40,000 words: a long guide or changelog.
 */
export const CONTENT_BUDGET = { bytes: 256 * 1024, lines: 10_000, nodes: 100_000 } as const;

/** The most the config may raise the budget to: a pull request may raise it too (README, "Bounded work"). */
export const CONTENT_BUDGET_MAX = { bytes: 512 * 1024, lines: 20_000, nodes: 200_000 } as const;

export const contentBudget = z
  .strictObject({
    bytes: z
      .int()
      .min(1)
      .max(CONTENT_BUDGET_MAX.bytes)
      .default(CONTENT_BUDGET.bytes)
      .describe("The most bytes one page's file may have, front matter included (at most 512 KB)."),
    lines: z
      .int()
      .min(1)
      .max(CONTENT_BUDGET_MAX.lines)
      .default(CONTENT_BUDGET.lines)
      .describe(
        "The most lines one page's file may have, counted before it is parsed (the parse takes about a millisecond a line; at most 20,000).",
      ),
    nodes: z
      .int()
      .min(1)
      .max(CONTENT_BUDGET_MAX.nodes)
      .default(CONTENT_BUDGET.nodes)
      .describe(
        'The most Markdown syntax nodes one page may parse into (each heading, paragraph, run of text, emphasis, link, list item, table cell and element counts one; at most 200,000).',
      ),
  })
  .describe(
    'What one docs page, standalone page or blog post may cost the build; a page over it is a `page-size` error, found before the page is transformed or rendered. Raising it raises the time and memory a page may take (see "Bounded work" in the README).',
  );
