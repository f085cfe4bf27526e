import { withBase } from '../content/plugins/urls.js';
import { NOT_FOUND_TITLE } from '../../templates/pages/NotFoundPage.js';
import type { PageKind } from './kind.js';

const ROUTE = '/404.html';

/** `404.html`, which hosts serve for an unknown address: no twin, not in the sitemap nor the MCP index. */
export const notFoundKind: PageKind = {
  id: 'not-found',
  render: (ctx) => {
    const head = ctx.head(ROUTE, NOT_FOUND_TITLE, undefined, 'website', true);
    const first = ctx.reading[0];
    const docsHref = first ? withBase(ctx.config.baseUrl, first.route) : undefined;
    return [
      {
        page: { route: ROUTE },
        title: NOT_FOUND_TITLE,
        parts: ['not-found', JSON.stringify(head), docsHref ?? ''],
        file: '404.html',
        render: async (t) => t.renderNotFound(ctx.site, head, docsHref),
      },
    ];
  },
  twins: () => [],
  sources: () => [],
  sitemap: false,
  mcp: undefined,
  devEdit: undefined,
};
