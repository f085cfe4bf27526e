import type { ReactElement } from 'react';

/**
 * Pagefind's excerpt shown as text with its matched words marked. The excerpt is the page's text as
 * written with `<mark>` tags put around words, not HTML: anything else in it stays text.
 */
export function Excerpt({ text }: { text: string }): ReactElement {
  const parts = text.split(/(<mark>|<\/mark>)/);
  const nodes: ReactElement[] = [];
  let marked = false;
  parts.forEach((part, index) => {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part !== '') nodes.push(marked ? <mark key={index}>{part}</mark> : <span key={index}>{part}</span>);
  });
  return <span className="search-hit-excerpt">{nodes}</span>;
}
