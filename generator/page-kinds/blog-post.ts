import { readPost } from '../content/blog/post-source.js';
import { blogKind, blogPagesOf } from './blog.js';

/**
 * One post of the blog. An edit that keeps its date, authors and tags (and leaves it published)
 * takes `dev`'s fast path: the post is rendered again with the blog's lists and tag pages, whose
 * summaries show its description and reading time.
 */
export const blogPostKind = blogKind('blog-post', {
  sources: (content) => content.posts ?? [],
  mcp: 'post',
  devEdit: {
    read: (page, text, site) => {
      const read = readPost({ file: page.file, relPath: page.relPath, text }, site.config.blog.route);
      const was = site.content.blog?.posts.find((post) => post.page.file === page.file);
      if (!read.ok || read.meta.draft || !was) return undefined;
      const meta = (m: typeof read.meta) => JSON.stringify([m.date, m.authors, m.tags]);
      return meta(read.meta) === meta(was) ? { page: read.page, diagnostics: read.diagnostics } : undefined;
    },
    alsoRenders: (site) =>
      [...blogPagesOf(site, 'blog-list'), ...blogPagesOf(site, 'blog-tag')].map((page) => page.route),
  },
});
