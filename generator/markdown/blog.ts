import type { BlogListModel, BlogNeighbours, BlogTagsModel, PostSummaryModel } from '../../templates/blog/model.js';
import type { TwinContext } from './context.js';
import { heading, joined, list, paragraph, singleLine, text, type Flow, type Phrasing } from './nodes.js';

/** What a post's page says above its text: when it was published, how long it reads, who wrote it, its tags. */
export function postLead(post: PostSummaryModel, ctx: TwinContext): Flow[] {
  const out: Flow[] = [paragraph(text(`${post.dateText} · ${post.readingTime}`))];
  if (post.authors.length > 0)
    out.push(
      paragraph(
        text('By '),
        ...joined(
          post.authors.map((author) => [
            ...ctx.link(author.href, [text(author.name)]),
            ...(author.title === undefined ? [] : [text(` (${author.title})`)]),
          ]),
        ),
        text('.'),
      ),
    );
  if (post.tags.length > 0)
    out.push(
      paragraph(text('Tags: '), ...joined(post.tags.map((tag) => ctx.link(tag.href, [text(tag.label)]))), text('.')),
    );
  return out;
}

/** A list of posts (the blog's, or a tag's), one section each, as the page shows them, and the pages around it. */
export function blogListBlocks(page: BlogListModel, ctx: TwinContext): Flow[] {
  const out: Flow[] = [];
  const intro: Phrasing[][] = [];
  if (page.intro !== undefined) intro.push([text(`${page.intro}.`)]);
  if (page.kind === 'blog-tag') intro.push(ctx.link(page.tagsHref, [text('All tags')]));
  if (intro.length > 0) out.push(paragraph(...joined(intro, ' ')));
  for (const post of page.posts) {
    out.push(heading(2, ...ctx.link(post.href, [text(singleLine(post.title))])), ...postLead(post, ctx));
    if (post.description !== undefined) out.push(paragraph(text(singleLine(post.description))));
  }
  const around = neighbours(page.pages, 'Newer posts', 'Older posts', ctx);
  if (around.length > 0) out.push(paragraph(...joined(around, ' · ')));
  return out;
}

/** The blog's tags, each linked to its page, with how many posts have it. */
export function blogTagsBlocks(page: BlogTagsModel, ctx: TwinContext): Flow[] {
  if (page.tags.length === 0) return [];
  return [
    list(
      page.tags.map((tag) => [
        ...ctx.link(tag.href, [text(tag.label)]),
        text(` (${tag.count} ${tag.count === 1 ? 'post' : 'posts'})`),
      ]),
    ),
  ];
}

function neighbours(pages: BlogNeighbours, newer: string, older: string, ctx: TwinContext): Phrasing[][] {
  const out: Phrasing[][] = [];
  if (pages.newer) out.push(ctx.link(pages.newer.href, [text(newer)]));
  if (pages.older) out.push(ctx.link(pages.older.href, [text(older)]));
  return out;
}
