import { withBase } from '../content/plugins/urls.js';
import type { PageKind } from './kind.js';

/**
 * The fragments of heavy reference pages: one file per section sent as a stub (see
 * generator/render/api/lazy-parts.ts), fetched by the client, read alone without it. They are
 * parts of their page, not pages: no twin, no sitemap entry, no search record of their own.
 */
export const apiPartKind: PageKind = {
  id: 'api-part',
  render: (ctx) =>
    ctx.apiPages.flatMap((api) =>
      api.parts.map((part) => {
        const page = ctx.head(api.route, api.title, api.description, 'website', true);
        const href = `${withBase(ctx.config.baseUrl, api.route)}#${part.anchor}`;
        const head = {
          title: `${part.label} · ${page.title}`,
          canonical: `${page.canonical}#${part.anchor}`,
          script: page.script,
        };
        return {
          page: { route: part.path },
          title: head.title,
          parts: ['api-part', JSON.stringify(head), api.fingerprint, part.anchor, href],
          render: async (t) => {
            const full = (await ctx.reference.full()).pages.find((p) => p.route === api.route);
            if (!full) throw new Error(`the reference has no page at ${api.route}`);
            return t.renderApiPart(ctx.site, head, full, part.anchor, { href, label: api.title });
          },
        };
      }),
    ),
  twins: () => [],
  sources: () => [],
  sitemap: false,
  mcp: undefined,
  devEdit: undefined,
};
