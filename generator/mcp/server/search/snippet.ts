/** Characters of text shown with a hit. */
const LENGTH = 240;

/** The part of `text` around the first of `terms` it holds (else its start), on one line. */
export function snippet(text: string, terms: readonly string[]): string {
  const lower = text.toLowerCase();
  let at = -1;
  for (const term of terms) {
    const found = term === '' ? -1 : lower.indexOf(term);
    if (found !== -1 && (at === -1 || found < at)) at = found;
  }
  const start = Math.max(0, at - LENGTH / 3);
  const cut = text
    .slice(start, start + LENGTH)
    .replace(/\s+/g, ' ')
    .trim();
  return `${start > 0 ? '…' : ''}${cut}${start + LENGTH < text.length ? '…' : ''}`;
}
