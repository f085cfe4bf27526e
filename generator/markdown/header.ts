import { heading, link, paragraph, singleLine, text, type Flow } from './nodes.js';
import { printMarkdown } from './print.js';

/** What a twin's header says: the page's title and description, and (in llms-full.txt) its address. */
export interface TwinHeader {
  title: string;
  description: string | undefined;
  address: string;
}

/**
 * The header of a twin printed: the page's title as the one level-1 heading, the address of its
 * page (in llms-full.txt, where many pages follow one another), and its description quoted. Titles
 * and descriptions are made one line: nothing in them can start a block of its own.
 *
 * A header whose every text prints as itself is written out as the printer would print it: two
 * headers a page, printed, cost more than the rest of a small page's twin.
 */
export function printHeader(header: TwinHeader, withAddress: boolean): string {
  const title = singleLine(header.title);
  const description = singleLine(header.description ?? '');
  const plain = printsAsItself(title) && (description === '' || printsAsItself(description));
  if (!plain || (withAddress && !printsAsAutolink(header.address)))
    return printMarkdown(headerBlocks(title, description, withAddress ? header.address : undefined), { once: true });
  const lines = [`# ${title}`];
  if (withAddress) lines.push(`Source: <${header.address}>`);
  if (description !== '') lines.push(`> ${description}`);
  // Blocks of the root, one blank line between them, and the line ending the printer ends with.
  return `${lines.join('\n\n')}\n`;
}

function headerBlocks(title: string, description: string, address: string | undefined): Flow[] {
  const blocks: Flow[] = [heading(1, text(title))];
  if (address !== undefined) blocks.push(paragraph(text('Source: '), ...link(address, [text(address)])));
  if (description !== '') blocks.push({ type: 'blockquote', children: [paragraph(text(description))] });
  return blocks;
}

/**
 * Characters no escaping pattern of the printer (mdast-util-to-markdown's and GFM's) is about, in a
 * heading or a paragraph, wherever they stand in a line: letters, digits, and some punctuation. A
 * space is escaped only next to a line ending, which one trimmed line has not.
 */
const INERT = /^[\p{L}\p{N}](?:[\p{L}\p{N} ,;?'"/$%.:()!-]*)$/u;

/**
 * Punctuation that is inert except in these places, where the printer escapes it: `.` or `)` after
 * digits at the start of a line (`1. ` would start a list), `.` after `w` (`www.` would be a link)
 * and `:` before `/` (`https://` would be a link). `-`, `(` and `!` are escaped only at the start of a
 * line or after characters not let in here (`]`, `[`).
 */
const ESCAPED_HERE = /^\d+[.)]|[Ww]\.|:\//;

/** Whether one line of text, trimmed, prints as itself in a level-1 heading or a paragraph of its own. */
export function printsAsItself(line: string): boolean {
  return INERT.test(line) && !ESCAPED_HERE.test(line);
}

/**
 * Whether a link whose text is its address prints as `<address>`: an address with a scheme and
 * without spaces, controls or angle brackets (with which the printer writes a link of another form);
 * nor backslashes, which the printer escapes in other places.
 */
function printsAsAutolink(address: string): boolean {
  return /^[a-z][a-z+.-]+:[^\0- <>\\\u007F]*$/i.test(address);
}
