import { apiTwinSource } from './twin-sources.js';
import type { PageKind } from './kind.js';

/**
 * A page of an API reference: a version's overview or one of its pages, or the API's changelog
 * (the reference's model says which, and its template and twin follow it).
 */
export const apiKind: PageKind = {
  id: 'api',
  render: (ctx) =>
    ctx.apiPages.map((api) => {
      const head = ctx.head(api.route, api.title, api.description, 'website');
      const links = ctx.apiLinks(api.apiId);
      return {
        page: api,
        title: api.title,
        apiId: api.apiId,
        parts: ['api', JSON.stringify(head), api.fingerprint, JSON.stringify(links)],
        render: async (t) => {
          const full = (await ctx.reference.full()).pages.find((p) => p.route === api.route);
          if (!full) throw new Error(`the reference has no page at ${api.route}`);
          return t.renderApi(ctx.site, head, full, links);
        },
      };
    }),
  twins: (site) => site.apiPages.map(apiTwinSource),
  sources: () => [],
  sitemap: true,
  mcp: 'api',
  devEdit: undefined,
};
