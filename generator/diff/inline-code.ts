/** A change's text as written by the comparison: plain words with `code` spans (names, values). */
export type InlinePart = { code: boolean; text: string };

/** Splits "query parameter `limit`" into text and code parts, so every output can mark code its own way. */
export function inlineParts(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  const pattern = /`([^`]*)`/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ code: false, text: text.slice(last, match.index) });
    parts.push({ code: true, text: match[1] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ code: false, text: text.slice(last) });
  return parts;
}
