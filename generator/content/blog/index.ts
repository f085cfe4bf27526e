import type { ResolvedConfig } from '../../config/resolve.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { FoundFile } from '../discover.js';
import type { CompiledPage, PageSource } from '../types.js';
import { assembleBlog } from './assemble.js';
import { readPost } from './post-source.js';
import { generatedRoutes } from './routes.js';
import type { Blog, PostMeta } from './types.js';

export interface ReadPosts {
  /** The posts to compile: drafts are left out. */
  sources: PageSource[];
  /** Each post's date, authors and tags, by file. */
  metas: Map<string, PostMeta>;
  diagnostics: Diagnostic[];
}

/** The post files' front matter and routes; a draft is checked, then left out of the site. */
export function readPosts(files: readonly FoundFile[], blogRoute: string): ReadPosts {
  const out: ReadPosts = { sources: [], metas: new Map(), diagnostics: [] };
  for (const file of files) {
    const read = readPost(file, blogRoute);
    out.diagnostics.push(...read.diagnostics);
    if (!read.ok || read.meta.draft) continue;
    out.sources.push(read.page);
    out.metas.set(read.page.file, read.meta);
  }
  return out;
}

/**
 * The blog made of the compiled posts (none: no blog), and an error on every content page that
 * claims one of the routes it generates (a list page, the tags, a feed).
 */
export function finishBlog(
  compiled: readonly CompiledPage[],
  metas: ReadonlyMap<string, PostMeta>,
  settings: ResolvedConfig['blog'],
  pages: readonly PageSource[],
): { blog: Blog | undefined; diagnostics: Diagnostic[] } {
  const posts = compiled.flatMap((page) => {
    const meta = metas.get(page.file);
    return page.kind === 'post' && meta ? [{ page, meta }] : [];
  });
  if (posts.length === 0) return { blog: undefined, diagnostics: [] };
  const blog = assembleBlog(posts, settings.route);
  const routes = generatedRoutes(blog, settings);
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    const owner = routes.get(page.route);
    if (owner !== undefined)
      diagnostics.push({
        file: page.display,
        line: 1,
        column: 1,
        severity: 'error',
        rule: 'duplicate-route',
        message: `route ${page.route} is already used by ${owner}; change the file name or its "slug"`,
      });
  }
  return { blog, diagnostics };
}

export type { Blog, BlogPost, BlogTag, PostAuthor, PostTag } from './types.js';
export { FEED_FILES, feedLinks, listPageCount, listPageRoute, tagRoute, tagsRoute } from './routes.js';
