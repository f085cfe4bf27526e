import { editUrlOf } from '../content/edit-url.js';
import { docTwinSources } from './twin-sources.js';
import type { TreePage } from '../render/pages.js';
import { docModel, readingOrder } from './doc-model.js';
import { PAGE_ALONE } from './dev-edit.js';
import type { PageKind } from './kind.js';

/** A page of `content/docs/`, in the sidebar. */
export const docKind: PageKind = {
  id: 'doc',
  render: (ctx) => {
    const { config, content } = ctx;
    const order = readingOrder(ctx.reading);
    return content.docs.map((doc) => {
      const head = ctx.head(doc.route, doc.frontMatter.title, doc.frontMatter.description, 'article');
      const model = {
        ...docModel(doc, ctx.trails, order, config.baseUrl),
        editUrl: editUrlOf(doc, config.editUrl, config.rootDir),
        lastUpdated: content.lastUpdated.get(doc.file),
      };
      const tree: TreePage | undefined = doc.usesContracts ? undefined : { kind: 'doc', head, model, tree: doc.tree };
      return {
        page: doc,
        title: doc.frontMatter.title,
        // Worked out only when the cache asks (never with `--no-cache`): held for every page meanwhile.
        get parts() {
          return ['doc', JSON.stringify(head), JSON.stringify(model), ctx.contentKey(doc)];
        },
        tree,
        render: async (t) => t.renderDoc(ctx.site, head, doc, model, await ctx.catalog(doc)),
      };
    });
  },
  twins: (site) => docTwinSources(site.content.docs, site.content.sidebar),
  sources: (content) => content.docs,
  sitemap: true,
  mcp: 'doc',
  devEdit: PAGE_ALONE,
};
