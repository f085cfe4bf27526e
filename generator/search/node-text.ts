import { isValidElement, type ReactNode } from 'react';

/**
 * The text of a description as the reference renders it (sanitized Markdown as React elements), on
 * one line: what the index reads of it. Each element's text is kept apart from its neighbours', as
 * a browser keeps a paragraph's from the next.
 */
export function nodeText(node: ReactNode): string {
  const parts: string[] = [];
  const walk = (value: ReactNode): void => {
    if (value === null || value === undefined || typeof value === 'boolean') return;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') parts.push(String(value));
    else if (Array.isArray(value)) for (const child of value as ReactNode[]) walk(child);
    else if (isValidElement<{ children?: ReactNode }>(value)) {
      parts.push(' ');
      walk(value.props.children);
      parts.push(' ');
    }
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
