import type { ResolvedConfig } from '../../config/resolve.js';
import { listPageCount, listPageRoute, tagsRoute } from '../../content/blog/routes.js';
import type { Blog, BlogPost } from '../../content/blog/types.js';
import { withBase } from '../../content/plugins/urls.js';
import type { CompiledPage } from '../../content/types.js';
import type { BlogNeighbours, BlogPageModel, BlogSidebarModel } from '../../../templates/blog/model.js';
import { blogSidebar, postSummary } from './summaries.js';

/** The kinds of blog page, as the build report names them. */
export type BlogPageKind = BlogPageModel['kind'];

/** One page of the blog, with what its head says and, for a post, the compiled post. */
export interface BlogRenderPage {
  route: string;
  title: string;
  description: string | undefined;
  model: BlogPageModel;
  post: CompiledPage | undefined;
}

/** Every page of the blog: its list pages, each post, the tags index and each tag's list pages. */
export function blogPages(config: ResolvedConfig, blog: Blog): BlogRenderPage[] {
  const settings = config.blog;
  const base = config.baseUrl;
  const sidebar = blogSidebar(blog, settings, base);
  const out: BlogRenderPage[] = [];
  const lists = (first: string, posts: readonly BlogPost[], kind: 'blog-list' | 'blog-tag', heading: string) => {
    const count = listPageCount(posts.length, settings.postsPerPage);
    const page = (n: number) =>
      n < 1 || n > count ? undefined : { label: `Page ${n}`, href: withBase(base, listPageRoute(first, n)) };
    for (let n = 1; n <= count; n++) {
      const route = listPageRoute(first, n);
      const title = n === 1 ? heading : `${heading}, page ${n}`;
      const shown = posts.slice((n - 1) * settings.postsPerPage, n * settings.postsPerPage);
      const intro = kind === 'blog-tag' ? `${posts.length} ${posts.length === 1 ? 'post' : 'posts'}` : undefined;
      out.push({
        route,
        title,
        description: settings.description,
        post: undefined,
        model: {
          kind,
          route,
          heading: title,
          intro,
          posts: shown.map((p) => postSummary(p, base, settings.route)),
          pages: { newer: page(n - 1), older: page(n + 1) },
          tagsHref: withBase(base, tagsRoute(settings.route)),
          sidebar,
        },
      });
    }
  };

  lists(settings.route, blog.posts, 'blog-list', settings.title);
  blog.posts.forEach((post, index) => out.push(postPage(blog, post, index, sidebar, base, settings.route)));
  const tagsIndex = tagsRoute(settings.route);
  out.push({
    route: tagsIndex,
    title: `${settings.title} tags`,
    description: settings.description,
    post: undefined,
    model: {
      kind: 'blog-tags',
      route: tagsIndex,
      heading: 'Tags',
      tags: blog.tags.map((tag) => ({ label: tag.label, href: withBase(base, tag.route), count: tag.posts.length })),
      sidebar,
    },
  });
  for (const tag of blog.tags) lists(tag.route, tag.posts, 'blog-tag', `Posts tagged “${tag.label}”`);
  return out;
}

function postPage(
  blog: Blog,
  post: BlogPost,
  index: number,
  sidebar: BlogSidebarModel,
  base: string,
  blogRoute: string,
): BlogRenderPage {
  const neighbour = (at: number) => {
    const other = blog.posts[at];
    return other && { label: other.page.frontMatter.title, href: withBase(base, other.page.route) };
  };
  const neighbours: BlogNeighbours = { newer: neighbour(index - 1), older: neighbour(index + 1) };
  return {
    route: post.page.route,
    title: post.page.frontMatter.title,
    description: post.page.frontMatter.description,
    post: post.page,
    model: {
      kind: 'blog-post',
      route: post.page.route,
      post: postSummary(post, base, blogRoute),
      toc: post.page.toc,
      neighbours,
      sidebar,
    },
  };
}
