import GithubSlugger from 'github-slugger';
import type { Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { walk } from './walk.js';
import type { VFile } from 'vfile';
import { pageState } from './page-state.js';
import { isReservedId, SEARCH_HIT_PREFIX } from '../../../templates/site-ids.js';

const HEADING = /^h([1-6])$/;
/** The class of a heading's "#" link to itself (the search index leaves these out of the text). */
export const HASH_LINK_CLASS = 'hash-link';

/**
 * Gives every heading an id (GitHub's slugs, unique within the page) and a visible "#" link to
 * itself, and collects the ids (for anchor checks) and the table of contents.
 */
export function rehypeHeadings(options: { minLevel: number; maxLevel: number }) {
  return (tree: Root, file: VFile): void => {
    const { anchors, toc } = pageState(file);
    const slugger = new GithubSlugger();
    walk(tree, (node) => {
      if (node.type !== 'element') return;
      if (typeof node.properties.id === 'string') anchors.add(node.properties.id);
      const level = HEADING.exec(node.tagName)?.[1];
      if (!level) return;
      const text = toString(node).trim();
      const id = typeof node.properties.id === 'string' ? node.properties.id : headingSlug(slugger, text);
      node.properties.id = id;
      anchors.add(id);
      const depth = Number(level);
      if (depth >= options.minLevel && depth <= options.maxLevel) toc.push({ depth, text, id });
      node.children.push({
        type: 'element',
        tagName: 'a',
        properties: { className: [HASH_LINK_CLASS], href: `#${id}`, ariaLabel: `Direct link to ${text}` },
        children: [{ type: 'text', value: '#' }],
      });
    });
  };
}

/**
 * The heading's slug, never an id of the site's own markup (which content may not shadow): "Main
 * content" is `main-content-1`; `search-hit-…`, which no number takes away, becomes `heading-search-hit-…`.
 */
function headingSlug(slugger: GithubSlugger, text: string): string {
  let id = slugger.slug(text);
  while (isReservedId(id)) id = slugger.slug(id.startsWith(SEARCH_HIT_PREFIX) ? `heading-${id}` : text);
  return id;
}
