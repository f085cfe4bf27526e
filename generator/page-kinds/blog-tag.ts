import { blogKind } from './blog.js';

/** The posts of one tag, a page at a time. */
export const blogTagKind = blogKind('blog-tag', { sources: () => [], mcp: 'page', devEdit: undefined });
