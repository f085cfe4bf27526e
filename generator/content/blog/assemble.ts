import type { CompiledPage } from '../types.js';
import { readingMinutes } from './reading-time.js';
import { tagRoute } from './routes.js';
import type { Blog, BlogPost, BlogTag, PostMeta } from './types.js';

/**
 * The published posts, newest first (posts of one day in route order), and their tags: each tag
 * by its slug, labelled as the newest post that has it writes it.
 */
export function assembleBlog(posts: ReadonlyArray<{ page: CompiledPage; meta: PostMeta }>, blogRoute: string): Blog {
  const sorted: BlogPost[] = posts
    .map(({ page, meta }) => ({ ...meta, page, readingMinutes: readingMinutes(page.tree) }))
    .sort((a, b) => compare(b.date, a.date) || compare(a.page.route, b.page.route));
  const tags = new Map<string, BlogTag>();
  for (const post of sorted)
    for (const { label, slug } of post.tags) {
      let tag = tags.get(slug);
      if (!tag) tags.set(slug, (tag = { label, slug, route: tagRoute(blogRoute, slug), posts: [] }));
      tag.posts.push(post);
    }
  return { posts: sorted, tags: [...tags.values()].sort((a, b) => compare(a.slug, b.slug)) };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
