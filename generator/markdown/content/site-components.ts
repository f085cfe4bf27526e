import { heading, paragraph, text } from '../nodes.js';
import { attribute, sourcePoint, type JsxHandler } from './tree.js';

/**
 * The site's layout components as Markdown: the home page's banner is its tagline, a section its
 * heading and content, a card its linked heading and text, a button its link.
 */
export const SITE_COMPONENTS: Readonly<Record<string, JsxHandler>> = {
  Hero: (node, page) => [
    ...(page.site.tagline ? [paragraph(text(page.site.tagline))] : []),
    ...page.flow(node.children),
  ],
  Section: (node, page) => {
    const title = attribute(node, 'title');
    return [...(title ? [heading(2, text(title))] : []), ...page.flow(node.children)];
  },
  CardGrid: (node, page) => page.flow(node.children),
  Card: (node, page) => {
    const title = attribute(node, 'title') ?? '';
    const href = attribute(node, 'href');
    const label = [text(title)];
    const linked = href ? page.ctx.kept(page.ctx.urls.component(href, page.ctx.page), label, sourcePoint(node)) : label;
    return [heading(3, ...linked), ...page.flow(node.children)];
  },
  ButtonLink: (node, page) => {
    const href = attribute(node, 'href') ?? '';
    return page.ctx.kept(page.ctx.urls.component(href, page.ctx.page), page.phrasing(node.children), sourcePoint(node));
  },
};
