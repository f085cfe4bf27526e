import { blogKind } from './blog.js';

/** The blog's list of posts, newest first, a page at a time. */
export const blogListKind = blogKind('blog-list', { sources: () => [], mcp: 'page', devEdit: undefined });
