import { z } from 'zod';
import { validRoute } from '../sources/zod-policies.js';

/** The formats the blog's feed is written in: RSS 2.0 (`rss.xml`) and Atom 1.0 (`atom.xml`). */
export const FEED_TYPES = ['rss', 'atom'] as const;

const feed = z
  .strictObject({
    types: z
      .array(z.enum(FEED_TYPES))
      .default([...FEED_TYPES])
      .describe('The feeds written under the blog route: `rss` (`rss.xml`, RSS 2.0), `atom` (`atom.xml`, Atom 1.0).'),
    limit: z.int().min(1).default(20).describe('The newest posts each feed lists.'),
  })
  .describe("The blog's feeds; every page of a site with a blog links them in its head.");

export const blog = z
  .strictObject({
    enabled: z
      .boolean()
      .default(true)
      .describe('Build the blog from `content/blog/` when it has posts; `false` ignores that folder.'),
    title: z.string().min(1).default('Blog').describe("The blog's title: its list pages, sidebar and feeds."),
    description: z
      .string()
      .min(1)
      .optional()
      .describe("The list pages' meta description and the feeds' description; defaults to the site's `description`."),
    route: validRoute(z.string().regex(/^\/.+\/$/, 'must start and end with "/", and not be "/"'), 'the blog route')
      .default('/blog/')
      .describe('Where the blog lives: its list at this route, each post at `{route}{slug}/`.'),
    postsPerPage: z
      .int()
      .min(1)
      .default(10)
      .describe('Posts on each list page (and tag page); more continue on `page/2/`, `page/3/`…'),
    recentPosts: z.int().min(1).default(10).describe("The newest posts the blog's sidebar lists, grouped by year."),
    feed: feed.default(() => feed.parse({})),
  })
  .describe(
    'The blog: posts in `content/blog/` (`YYYY-MM-DD-slug.mdx`). A site without posts there has no blog and nothing of this applies.',
  );
