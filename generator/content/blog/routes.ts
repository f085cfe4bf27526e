import type { ResolvedConfig } from '../../config/resolve.js';
import type { Blog } from './types.js';

type BlogSettings = Pick<ResolvedConfig['blog'], 'route' | 'postsPerPage' | 'feed'>;

/** The file each feed type is written to, under the blog route. */
export const FEED_FILES = { rss: 'rss.xml', atom: 'atom.xml' } as const;

/** Page `n` (from 1) of a list of posts at `first`: `first` itself, then `first` + `page/2/`… */
export function listPageRoute(first: string, n: number): string {
  return n === 1 ? first : `${first}page/${n}/`;
}

/** How many list pages `count` posts fill (one at least: a list page is never missing). */
export function listPageCount(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(count / perPage));
}

export function tagsRoute(blogRoute: string): string {
  return `${blogRoute}tags/`;
}

export function tagRoute(blogRoute: string, slug: string): string {
  return `${tagsRoute(blogRoute)}${slug}/`;
}

/**
 * Every route the blog makes besides its posts, with what it is (for a post or page that claims
 * one): the list pages, the tags index, each tag's pages, and the feeds (as the route a page
 * named like the feed would have, whose folder the feed's file would stand in).
 */
export function generatedRoutes(blog: Blog, settings: BlogSettings): Map<string, string> {
  const routes = new Map<string, string>();
  const list = (first: string, count: number, what: string): void => {
    for (let n = 1; n <= listPageCount(count, settings.postsPerPage); n++)
      routes.set(listPageRoute(first, n), n === 1 ? what : `page ${n} of ${what}`);
  };
  list(settings.route, blog.posts.length, 'the blog');
  routes.set(tagsRoute(settings.route), "the blog's tags index");
  for (const tag of blog.tags) list(tag.route, tag.posts.length, `the blog's tag "${tag.label}"`);
  for (const type of settings.feed.types)
    routes.set(`${settings.route}${FEED_FILES[type]}/`, `the blog's ${type === 'rss' ? 'RSS' : 'Atom'} feed`);
  return routes;
}

/** The blog's feeds: each one's file under the site, and its absolute URL (as feed readers need it). */
export function feedLinks(
  config: Pick<ResolvedConfig, 'url' | 'baseUrl' | 'blog'>,
): Array<{ type: 'rss' | 'atom'; path: string; url: string }> {
  return [...new Set(config.blog.feed.types)].map((type) => {
    const path = `${config.blog.route}${FEED_FILES[type]}`.slice(1);
    return { type, path, url: new URL(`${config.baseUrl}${path}`, config.url).href };
  });
}
