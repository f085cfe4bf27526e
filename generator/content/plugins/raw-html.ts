import type { Html } from 'mdast';
import type { PageReport } from './report.js';

/** The warning for HTML that a `.md` page holds and the site leaves out. */
export const RAW_HTML = 'raw-html';

/** A comment, or a closing tag whose opening tag was reported already: nothing a reader loses. */
const NOTHING_LOST = /^(?:<!--[\s\S]*-->|<\/[^<>]*>)$/;

/**
 * A `.md` page is plain Markdown, where HTML is dropped rather than rendered (an MDX page has no
 * such nodes: its HTML is elements, checked by `remarkSafety`). Whatever was written there vanishes
 * from the page, so its author hears of it, once per element as Markdown cut it.
 */
export function reportRawHtml(node: Html, report: PageReport): void {
  const value = node.value.trim();
  if (NOTHING_LOST.test(value)) return;
  const tag = /^<[!?/]?[\w:-]*/.exec(value)?.[0] ?? '<';
  report.add(
    node,
    'warning',
    RAW_HTML,
    `raw HTML (${tag}…>) is left out of a Markdown (.md) page; write it in Markdown, or rename the page to .mdx, where safe HTML elements render`,
  );
}
