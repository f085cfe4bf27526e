import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { DOCS_KIND, KIND_FILTER } from '../../templates/search/paths.js';

/**
 * The part of a rendered page the index reads: its `<main>` element, which holds the text marked
 * `data-pagefind-body` (the page's content, without the breadcrumbs, pager or table of contents).
 * The navbar, sidebar and footer around it are most of a page's bytes and none of its text to find,
 * so they are never sent to Pagefind. React escapes `<` in every text and attribute value, so the
 * first `<main ` of a page and its last `</main>` are the layout's own.
 */
export function mainOf(html: string): string {
  const start = html.indexOf('<main ');
  const end = html.lastIndexOf('</main>');
  return start === -1 || end < start ? '' : html.slice(start, end + '</main>'.length);
}

/**
 * `main` without the colouring of its code blocks: the highlighter wraps every token in a
 * `<span style=…>`, a third of a docs page's bytes, and inline elements join the text they split,
 * so Pagefind finds the same words at the same places without them (the index is the same bytes)
 * and parses a third less.
 */
export function withoutCodeColours(main: string): string {
  // The highlighter's blocks only (`<pre class="shiki …">`), whose spans carry nothing but colours.
  return main.replace(/<pre class="shiki[ "][^>]*>[\s\S]*?<\/pre>/g, (block) =>
    block.replace(/<span(?: (?:class|style)="[^"<>]*")*>|<\/span>/g, ''),
  );
}

/**
 * What Pagefind indexes for a docs or standalone page: its main element, and beside it (outside the
 * indexed body, where Pagefind still reads them) the page's title and its filter. Pagefind would
 * otherwise take the first `<h1>` as the title, which on the home page is the hero's.
 */
export function searchDocument(language: string, title: string, main: string): string {
  const span = (properties: Element['properties'], text: string): Element => ({
    type: 'element',
    tagName: 'span',
    properties,
    children: [{ type: 'text', value: text }],
  });
  const tree: Root = {
    type: 'root',
    children: [
      {
        type: 'element',
        tagName: 'html',
        properties: { lang: language },
        children: [
          {
            type: 'element',
            tagName: 'body',
            properties: {},
            children: [
              span({ dataPagefindMeta: 'title' }, title),
              span({ dataPagefindFilter: KIND_FILTER }, DOCS_KIND),
              // The page's own markup, as the site serves it: React made it, and it is sent on unchanged.
              { type: 'raw', value: main },
            ],
          },
        ],
      },
    ],
  };
  return toHtml(tree, { allowDangerousHtml: true });
}
