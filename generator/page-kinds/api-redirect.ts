import { withBase } from '../content/plugins/urls.js';
import type { PageKind } from './kind.js';

/**
 * A route an older edition of an API reference had (`buckets-2/`, `schemas/b/`) and this one has
 * not: a small page that sends the reader to where its content is now. No twin, not in the sitemap,
 * the search or the MCP index; its canonical link is the new page.
 */
export const apiRedirectKind: PageKind = {
  id: 'api-redirect',
  render: (ctx) =>
    (ctx.reference.redirects ?? []).map((redirect) => {
      const to = withBase(ctx.config.baseUrl, redirect.to);
      const head = {
        ...ctx.head(redirect.route, redirect.title, undefined, 'website', true),
        canonical: new URL(to, ctx.config.url).href,
      };
      return {
        page: { route: redirect.route },
        title: redirect.title,
        parts: ['api-redirect', JSON.stringify(head), JSON.stringify(redirect)],
        render: async (t) => t.renderRedirect(ctx.site, head, { to, anchors: redirect.anchors }),
      };
    }),
  twins: () => [],
  sources: () => [],
  sitemap: false,
  mcp: undefined,
  devEdit: undefined,
};
