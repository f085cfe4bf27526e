import type { ElementContent, Properties } from 'hast';
import { toMdast } from 'hast-util-to-mdast';
import type { Root } from 'mdast';
import { isValidElement, type ReactNode } from 'react';
import { asFlow, paragraph, text, type Flow } from './nodes.js';

/** Properties a sanitized description carries that mean something in Markdown. */
const KEPT = ['href', 'src', 'alt', 'title', 'className'] as const;

/** Each description's blocks, made once: a contract repeats the same descriptions many times, and the model shares their elements. */
const made = new WeakMap<object, Flow[]>();

/**
 * The blocks of a description of the reference's model. Descriptions there are React elements made
 * from the contract's CommonMark by the sanitizer (GitHub's safe subset, the URL policy, links
 * resolved), so the twin says what the page shows: the elements go back to hast, and
 * hast-util-to-mdast makes Markdown of them. A plain paragraph, most descriptions, is made here.
 */
export function descriptionBlocks(node: ReactNode): Flow[] {
  if (node === null || node === undefined || typeof node === 'boolean') return [];
  if (typeof node === 'string' || typeof node === 'number') return [paragraph(text(String(node)))];
  const known = made.get(node as object);
  if (known) return known;
  const blocks = plainParagraph(node) ?? viaHast(node);
  made.set(node as object, blocks);
  return blocks;
}

function plainParagraph(node: ReactNode): Flow[] | undefined {
  if (!isValidElement(node) || node.type !== 'p') return undefined;
  const children = (node.props as { children?: unknown }).children;
  const parts = Array.isArray(children) ? children : [children];
  if (!parts.every((part) => typeof part === 'string')) return undefined;
  return [paragraph(text(parts.join('')))];
}

function viaHast(node: ReactNode): Flow[] {
  const tree = toMdast({ type: 'root', children: toHast(node) }) as Root;
  return asFlow(tree.children);
}

function toHast(node: ReactNode): ElementContent[] {
  if (node === null || node === undefined || typeof node === 'boolean') return [];
  if (typeof node === 'string' || typeof node === 'number') return [{ type: 'text', value: String(node) }];
  if (Array.isArray(node)) return node.flatMap((child: ReactNode) => toHast(child));
  if (!isValidElement(node)) return [];
  const props = node.props as Record<string, unknown>;
  const children = toHast(props.children as ReactNode);
  // A fragment, or a component: what it holds.
  if (typeof node.type !== 'string') return children;
  const properties: Properties = {};
  for (const key of KEPT) {
    const value = props[key];
    if (typeof value !== 'string') continue;
    if (key === 'className') properties.className = value.split(/\s+/);
    else properties[key] = value;
  }
  return [{ type: 'element', tagName: node.type, properties, children }];
}
