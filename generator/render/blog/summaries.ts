import type { ResolvedConfig } from '../../config/resolve.js';
import { tagRoute } from '../../content/blog/routes.js';
import type { Blog, BlogPost } from '../../content/blog/types.js';
import { withBase } from '../../content/plugins/urls.js';
import type { BlogSidebarModel, PostSummaryModel } from '../../../templates/blog/model.js';
import { dateText } from '../../../templates/dates.js';

export function readingTimeText(minutes: number): string {
  return `${minutes} min read`;
}

export function postSummary(post: BlogPost, base: string, blogRoute: string): PostSummaryModel {
  const { page } = post;
  return {
    title: page.frontMatter.title,
    href: withBase(base, page.route),
    date: post.date,
    dateText: dateText(post.date),
    readingTime: readingTimeText(post.readingMinutes),
    authors: post.authors.map((a) => ({ name: a.name, href: a.url, title: a.title })),
    tags: post.tags.map((t) => ({ label: t.label, href: withBase(base, tagRoute(blogRoute, t.slug)) })),
    description: page.frontMatter.description,
  };
}

/** The newest posts, under the year of each (the posts are newest first, so the years are too). */
export function blogSidebar(blog: Blog, settings: ResolvedConfig['blog'], base: string): BlogSidebarModel {
  const years: BlogSidebarModel['years'] = [];
  for (const post of blog.posts.slice(0, settings.recentPosts)) {
    const year = post.date.slice(0, 4);
    let group = years.at(-1);
    if (group?.year !== year) years.push((group = { year, posts: [] }));
    group.posts.push({
      title: post.page.frontMatter.title,
      href: withBase(base, post.page.route),
      route: post.page.route,
    });
  }
  return { title: 'Recent posts', years };
}
