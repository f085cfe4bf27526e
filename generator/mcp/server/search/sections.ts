import type { PageEntry } from '../../../render/api/mcp/published.js';

export interface TwinSection {
  /** The section's heading; the page's title for the text before the first one. */
  heading: string;
  /** The heading's id on the page, when the table of contents has it. */
  anchor: string | undefined;
  /** Its words, Markdown syntax and link targets left out. */
  text: string;
}

const HEADING = /^(#{1,6})[ \t]+(.*)$/;
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;

/**
 * A page's Markdown twin cut at its second- and third-level headings (what the table of contents
 * lists), each part with its heading's id when the page has one of that text, so a search can lead
 * to the section. Headings inside code blocks are code.
 */
export function twinSections(markdown: string, page: PageEntry): TwinSection[] {
  const sections: TwinSection[] = [];
  const unused = [...page.headings];
  let current: { heading: string; anchor: string | undefined; lines: string[] } = {
    heading: page.title,
    anchor: undefined,
    lines: [],
  };
  let fence: string | undefined;
  const close = (): void => {
    const text = plain(current.lines.join('\n'));
    if (text !== '' || current.anchor !== undefined)
      sections.push({ heading: current.heading, anchor: current.anchor, text });
  };
  for (const line of markdown.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      // The fence itself (its info string: `text title="…"`) is no text of the page's; the code inside is.
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    const heading = fence === undefined ? HEADING.exec(line) : null;
    const depth = heading?.[1]?.length ?? 0;
    if (heading && depth === 1) continue;
    if (heading && depth <= 3) {
      close();
      const text = plain(withoutClosingHashes(heading[2] ?? ''));
      const at = unused.findIndex((h) => h.depth === depth && plain(h.text) === text);
      const anchor = at === -1 ? undefined : unused.splice(at, 1)[0]?.id;
      current = { heading: text, anchor, lines: [] };
      continue;
    }
    current.lines.push(line);
  }
  close();
  return sections;
}

/** Markdown as its words: links and images as their text, without emphasis, code marks, table rules or quotes. */
export function plain(markdown: string): string {
  return (
    markdown
      // Bounded, so that a page of unclosed brackets costs linear time.
      .replace(/!?\[([^\]\n]{0,500})\]\([^)\n]{0,2000}\)/g, '$1')
      .replace(/^[ \t]*(>|[-*+]|\d+\.)[ \t]+/gm, '')
      .replace(/^[ \t|:-]+$/gm, '')
      .replace(/[`*_|]+/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .replace(/\n{2,}/g, '\n')
      .trim()
  );
}

/** `Title ##` → `Title` (a heading may close with hashes after a space), without a regular expression that could backtrack. */
function withoutClosingHashes(text: string): string {
  const blank = (at: number): boolean => at > 0 && (text[at - 1] === ' ' || text[at - 1] === '\t');
  let end = text.length;
  while (blank(end)) end--;
  let hashes = end;
  while (hashes > 0 && text[hashes - 1] === '#') hashes--;
  if (hashes < end && (hashes === 0 || blank(hashes))) for (end = hashes; blank(end);) end--;
  return text.slice(0, end);
}
