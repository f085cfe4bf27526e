import type { CompiledPage } from '../types.js';

/** Who wrote a post, as its front matter says. */
export interface PostAuthor {
  name: string;
  /** An absolute http(s) URL: their profile or site. */
  url: string | undefined;
  /** Their role, shown beside the name. */
  title: string | undefined;
}

/** A tag as a post names it, with the route segment it gets. */
export interface PostTag {
  label: string;
  slug: string;
}

/** What a post's file name and front matter say beyond what every page has. */
export interface PostMeta {
  /** `YYYY-MM-DD`, from the front matter's `date` or the file name; never the clock. */
  date: string;
  authors: PostAuthor[];
  tags: PostTag[];
  draft: boolean;
}

/** A published post, compiled, with its reading time. */
export interface BlogPost extends PostMeta {
  page: CompiledPage;
  /** Words / 200, rounded up, at least 1. */
  readingMinutes: number;
}

/** A tag and the posts that have it, newest first. */
export interface BlogTag {
  label: string;
  slug: string;
  route: string;
  posts: BlogPost[];
}

/** The blog of a site that has published posts. */
export interface Blog {
  /** Newest first; posts of one day by route. */
  posts: BlogPost[];
  /** By slug. */
  tags: BlogTag[];
}
