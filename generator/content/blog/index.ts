import type { ResolvedConfig } from '../../config/resolve.js';
import type { SourceFile } from '../../sources/source-file.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { FoundFile } from '../discover.js';
import type { CompiledPage, PageSource } from '../types.js';
import { routeTaken } from '../routes.js';
import { assembleBlog } from './assemble.js';
import { blogRouteDiagnostics } from './config-routes.js';
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
 * claims one of the routes it generates (a list page, the tags, a feed), and at the config's
 * `blog.route` for each of them an API reference has.
 */
export function finishBlog(
  compiled: readonly CompiledPage[],
  metas: ReadonlyMap<string, PostMeta>,
  pages: readonly PageSource[],
  input: { config: ResolvedConfig; configSource: SourceFile; reservedRoutes: ReadonlyMap<string, string> },
): { blog: Blog | undefined; diagnostics: Diagnostic[] } {
  const settings = input.config.blog;
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
      diagnostics.push(
        routeTaken(page, `route ${page.route} is already used by ${owner}; change the file name or its "slug"`),
      );
  }
  diagnostics.push(...blogRouteDiagnostics(blog, input));
  return { blog, diagnostics };
}
