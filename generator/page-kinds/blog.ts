import type { Blog } from '../content/blog/types.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { blogTwinSource } from './twin-sources.js';
import { blogPages, type BlogPageKind, type BlogRenderPage } from '../render/blog/pages.js';
import type { KindContent, KindSite, PageKind } from './kind.js';

const MADE = new WeakMap<Blog, { config: ResolvedConfig; pages: BlogRenderPage[] }>();

/** The blog's pages of one kind, in the blog's order; its pages are made once for the four kinds. */
export function blogPagesOf(
  site: Pick<KindSite, 'config'> & { content: KindContent },
  kind: BlogPageKind,
): BlogRenderPage[] {
  const blog = site.content.blog;
  if (!blog) return [];
  let made = MADE.get(blog);
  if (made?.config !== site.config)
    MADE.set(blog, (made = { config: site.config, pages: blogPages(site.config, blog) }));
  return made.pages.filter((page) => page.model.kind === kind);
}

/** A kind of blog page: its pages come from the blog's models, a post's also from its compiled page. */
export function blogKind(id: BlogPageKind, rest: Pick<PageKind, 'sources' | 'mcp' | 'devEdit'>): PageKind {
  return {
    id,
    render: (ctx) =>
      blogPagesOf(ctx, id).map((blog) => {
        const head = ctx.head(blog.route, blog.title, blog.description, blog.post ? 'article' : 'website');
        const post = blog.post;
        return {
          page: { route: blog.route, display: post?.display },
          title: blog.title,
          parts: ['blog', JSON.stringify(head), JSON.stringify(blog.model), post ? ctx.contentKey(post) : ''],
          render: async (t) =>
            t.renderBlog(ctx.site, head, blog.model, post && { page: post, contracts: await ctx.catalog(post) }),
        };
      }),
    twins: (site) => blogPagesOf(site, id).map(blogTwinSource),
    sitemap: true,
    ...rest,
  };
}
