import type { ReactElement } from 'react';
import { ExternalMark } from '../Links.js';
import { safeHref } from '../url-policy.js';
import type { AuthorModel, PostSummaryModel, TagLinkModel } from './model.js';

/** The date and the reading time: "January 31, 2025 · 3 min read". */
export function PostMeta({
  post,
}: {
  post: Pick<PostSummaryModel, 'date' | 'dateText' | 'readingTime'>;
}): ReactElement {
  return (
    <p className="blog-post-meta">
      <time dateTime={post.date}>{post.dateText}</time>
      <span aria-hidden="true"> · </span>
      <span className="blog-reading-time">{post.readingTime}</span>
    </p>
  );
}

export function PostAuthors({ authors }: { authors: AuthorModel[] }): ReactElement | null {
  if (authors.length === 0) return null;
  return (
    <ul className="blog-authors" aria-label="Authors">
      {authors.map((author) => {
        const href = safeHref(author.href);
        return (
          <li key={`${author.name}\0${author.href ?? ''}`} className="blog-author">
            {href === undefined ? (
              <span className="blog-author-name">{author.name}</span>
            ) : (
              <a className="blog-author-name" href={href} target="_blank" rel="noopener noreferrer">
                {author.name}
                <ExternalMark />
              </a>
            )}
            {author.title === undefined ? null : <span className="blog-author-title">{author.title}</span>}
          </li>
        );
      })}
    </ul>
  );
}

export function PostTags({ tags }: { tags: TagLinkModel[] }): ReactElement | null {
  if (tags.length === 0) return null;
  return (
    <ul className="blog-tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.href}>
          <a className="blog-tag" href={tag.href}>
            {tag.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
