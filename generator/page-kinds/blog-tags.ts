import { blogKind } from './blog.js';

/** The index of the blog's tags. */
export const blogTagsKind = blogKind('blog-tags', { sources: () => [], mcp: 'page', devEdit: undefined });
