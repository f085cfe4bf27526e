import { pageTwinSources } from './twin-sources.js';
import type { TreePage } from '../render/pages.js';
import { PAGE_ALONE } from './dev-edit.js';
import type { PageKind } from './kind.js';

/** A page of `content/pages/`, outside the docs (the home page among them). */
export const standaloneKind: PageKind = {
  id: 'page',
  render: (ctx) =>
    ctx.content.pages.map((page) => {
      const head = ctx.head(page.route, page.frontMatter.title, page.frontMatter.description, 'website');
      const title = page.frontMatter.title;
      const tree: TreePage | undefined = page.usesContracts
        ? undefined
        : { kind: 'standalone', head, title, tree: page.tree };
      return {
        page,
        title,
        parts: ['page', JSON.stringify(head), title, ctx.contentKey(page)],
        tree,
        render: async (t) =>
          t.renderStandalone(
            ctx.site,
            head,
            { Content: page.Content, route: page.route, title },
            await ctx.catalog(page),
          ),
      };
    }),
  twins: (site) => pageTwinSources(site.content.pages),
  sources: (content) => content.pages,
  sitemap: true,
  mcp: 'page',
  devEdit: PAGE_ALONE,
};
