import type { Item } from 'feed';
import type { ResolvedConfig } from '../config/resolve.js';
import { feedLinks } from '../content/blog/routes.js';
import type { Blog, BlogPost } from '../content/blog/types.js';
import { utcDate } from '../content/blog/dates.js';
import { withBase } from '../content/plugins/urls.js';

/**
 * The blog's feeds (`feed` writes them), by path under the site: RSS 2.0 and Atom 1.0 of the newest
 * posts, with absolute URLs under the config's `url` and `baseUrl`, and dates from the posts alone.
 */
export async function blogFeeds(config: ResolvedConfig, blog: Blog | undefined): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const newest = blog?.posts[0];
  if (!blog || !newest) return files;
  // Loaded for a site with a blog only: with its XML writer, it is most of what a build would load for it.
  const { Feed } = await import('feed');
  const links = feedLinks(config);
  const absolute = (route: string): string => new URL(withBase(config.baseUrl, route), config.url).href;
  const blogUrl = absolute(config.blog.route);
  const posts = blog.posts.slice(0, config.blog.feed.limit);
  const copyright = config.footer.copyright;
  for (const link of links) {
    const feed = new Feed({
      id: blogUrl,
      title: xmlText(`${config.blog.title} | ${config.title}`),
      description: xmlText(config.blog.description),
      link: blogUrl,
      language: config.i18n.defaultLocale,
      updated: utcDate(newest.date),
      generator: 'specsite',
      feedLinks: { [link.type]: link.url },
      author: { name: xmlText(config.brand.name) },
      ...(copyright ? { copyright: xmlText(`Copyright © ${copyright.year} ${copyright.holder}`) } : {}),
    });
    for (const post of posts) feed.addItem(feedItem(post, absolute(post.page.route), link.type));
    files.set(link.path, `${link.type === 'rss' ? feed.rss2() : feed.atom1()}\n`);
  }
  return files;
}

/** A post as a feed lists it; its URL is its id (Atom's `id`, RSS's permalink `guid`). */
function feedItem(post: BlogPost, url: string, type: 'rss' | 'atom'): Item {
  const date = utcDate(post.date);
  const { title, description } = post.page.frontMatter;
  return {
    title: htmlText(title),
    link: url,
    date,
    published: date,
    ...(description === undefined ? {} : { description: htmlText(description) }),
    // RSS's `author` is an email address, which posts do not give: only Atom names them.
    ...(type === 'atom'
      ? { author: post.authors.map((a) => ({ name: xmlText(a.name), ...(a.url ? { link: a.url } : {}) })) }
      : {}),
    // RSS names a category by its text; Atom by a `term` attribute, which `feed` does not escape: the tag's slug.
    category: post.tags.map((tag) => (type === 'rss' ? { name: xmlText(tag.label) } : { term: tag.slug })),
  };
}

/** What XML 1.0 cannot hold at all (C0 controls but tab and line breaks, lone surrogates, U+FFFE/FFFF), removed. */
function xmlText(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '',
  );
}

/**
 * Plain text where the feeds hold HTML (Atom's `type="html"`, RSS's item title and description, in
 * CDATA sections): escaped, so a reader shows `<b>` as written rather than running it as markup,
 * and a `]]>` in it cannot end its CDATA section (`feed` splits only the first one).
 */
function htmlText(text: string): string {
  return xmlText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
