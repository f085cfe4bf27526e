import type { Element, Root } from 'hast';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import type { ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { SAFE_SCHEMES } from '../../templates/url-policy.js';

/** GitHub's safe subset, with the site's URL policy for links: a link with another scheme is left as its text. */
const schema = { ...defaultSchema, protocols: { ...defaultSchema.protocols, href: [...SAFE_SCHEMES] } };
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, schema);

/**
 * CommonMark (with GFM) from an untrusted source, as React elements. Raw HTML is dropped by
 * remark-rehype and rehype-sanitize keeps only GitHub's safe subset (no scripts, event handlers or
 * URLs outside the site's policy), so nothing in the text can run in a reader's browser.
 */
export function markdownToReact(text: string, options: { inline?: boolean } = {}): ReactNode {
  const tree = processor.runSync(processor.parse(text)) as Root;
  const only = tree.children.filter((n) => !(n.type === 'text' && n.value.trim() === ''));
  const root: Root =
    options.inline && only.length === 1 && only[0]?.type === 'element' && (only[0] as Element).tagName === 'p'
      ? { type: 'root', children: (only[0] as Element).children }
      : tree;
  return toJsxRuntime(root, { Fragment, jsx, jsxs });
}
