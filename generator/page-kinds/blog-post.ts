import { blogKind } from './blog.js';

/**
 * One post of the blog. An edit to a post takes the full build: its date, tags, authors and
 * reading time show on the blog's lists, its neighbours and its feeds, which are not made again
 * on the fast path.
 */
export const blogPostKind = blogKind('blog-post', {
  sources: (content) => content.posts ?? [],
  mcp: 'post',
  devEdit: 'full',
});
