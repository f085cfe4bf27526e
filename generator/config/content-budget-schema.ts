import { z } from 'zod';
import { MAX_SOURCE_SIZE } from '../sources/limits.js';

/**
 * The most one content page may cost the build, measured on this project's 2-core machine (README
 * "Bounded work"). The bytes bound the parse, which comes before the nodes can be counted and costs
 * most: micromark's work on one paragraph grows with the square of its inline markup (`*a*` 16,000
 * times over 48 KB takes seconds, over 128 KB most of a minute). The nodes bound every later step.
 */
export const CONTENT_BUDGET = { bytes: 48 * 1024, nodes: 20_000 } as const;

export const contentBudget = z
  .strictObject({
    bytes: z
      .int()
      .min(1)
      .max(MAX_SOURCE_SIZE)
      .default(CONTENT_BUDGET.bytes)
      .describe("The most bytes one page's file may have, front matter included."),
    nodes: z
      .int()
      .min(1)
      .max(5_000_000)
      .default(CONTENT_BUDGET.nodes)
      .describe(
        'The most Markdown syntax nodes one page may parse into (each heading, paragraph, run of text, emphasis, link, list item, table cell and element counts one).',
      ),
  })
  .describe(
    'What one docs page, standalone page or blog post may cost the build; a page over it is a `page-size` error, found before the page is transformed or rendered. Raising it raises the time and memory a page may take (see "Bounded work" in the README).',
  );
