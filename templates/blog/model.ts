/** What the blog's templates receive: resolved data with every href final (base URL applied). */
import type { ReactNode } from 'react';
import type { TocEntry } from '../model.js';

export interface AuthorModel {
  name: string;
  /** An http(s) URL. */
  href: string | undefined;
  title: string | undefined;
}

export interface TagLinkModel {
  label: string;
  href: string;
}

/** A post as a list shows it, and the head of its own page. */
export interface PostSummaryModel {
  title: string;
  href: string;
  /** `2025-01-31`. */
  date: string;
  /** `January 31, 2025`. */
  dateText: string;
  /** `3 min read`. */
  readingTime: string;
  authors: AuthorModel[];
  tags: TagLinkModel[];
  description: string | undefined;
}

/** The newest posts, grouped by the year they were published, newest first. */
export interface BlogSidebarModel {
  title: string;
  years: Array<{ year: string; posts: Array<{ title: string; href: string; route: string }> }>;
}

export interface BlogLinkModel {
  label: string;
  href: string;
}

/** Newer and older: the neighbouring list pages, or posts. */
export interface BlogNeighbours {
  newer: BlogLinkModel | undefined;
  older: BlogLinkModel | undefined;
}

export type BlogPageModel =
  | {
      kind: 'blog-list' | 'blog-tag';
      route: string;
      heading: string;
      /** A tag page's count of posts. */
      intro: string | undefined;
      posts: PostSummaryModel[];
      pages: BlogNeighbours;
      tagsHref: string;
      sidebar: BlogSidebarModel;
    }
  | {
      kind: 'blog-post';
      route: string;
      post: PostSummaryModel;
      toc: TocEntry[];
      neighbours: BlogNeighbours;
      sidebar: BlogSidebarModel;
    }
  | {
      kind: 'blog-tags';
      route: string;
      heading: string;
      tags: Array<TagLinkModel & { count: number }>;
      sidebar: BlogSidebarModel;
    };

export type BlogPostModel = Extract<BlogPageModel, { kind: 'blog-post' }>;
export type BlogListModel = Extract<BlogPageModel, { kind: 'blog-list' | 'blog-tag' }>;
export type BlogTagsModel = Extract<BlogPageModel, { kind: 'blog-tags' }>;

/** A post's page, with its content. */
export type BlogPostWithContent = BlogPostModel & { content: ReactNode };
