import type { ReactElement } from 'react';

/** The entities Pagefind writes in an excerpt for the characters HTML would read (`<gateway-host>`). */
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };

function decoded(text: string): string {
  return text.replace(/&(?:lt|gt|amp|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * Pagefind's excerpt shown as text with its matched words marked. The excerpt is the page's text,
 * escaped, with `<mark>` tags put around words, not HTML: it is shown as text (React escapes it
 * again), with those tags as marks and its entities as the characters they stand for.
 */
export function Excerpt({ text }: { text: string }): ReactElement {
  const parts = text.split(/(<mark>|<\/mark>)/);
  const nodes: ReactElement[] = [];
  let marked = false;
  parts.forEach((part, index) => {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part !== '')
      nodes.push(marked ? <mark key={index}>{decoded(part)}</mark> : <span key={index}>{decoded(part)}</span>);
  });
  return <span className="search-hit-excerpt">{nodes}</span>;
}
