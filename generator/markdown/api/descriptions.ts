import type { ReactNode } from 'react';
import type { TwinContext } from '../context.js';
import { asPhrasing, type Flow, type Phrasing } from '../nodes.js';
import { descriptionBlocks } from '../react-nodes.js';

/**
 * A description of the reference's model (sanitized React elements) as blocks, its links made
 * absolute and kept for the check. Its headings are put at `floor` or below (a contract may write
 * `<h1>`): a level-1 heading would read as another page in llms-full.txt, and one above the section
 * holding the description as the end of that section.
 */
export function blocks(ctx: TwinContext, node: ReactNode, floor = 2): Flow[] {
  return ctx.absolute(descriptionBlocks(node), floor);
}

/** A description inside a sentence (a table cell, a list item, a heading). */
export function phrasing(ctx: TwinContext, node: ReactNode): Phrasing[] {
  return asPhrasing(blocks(ctx, node));
}
