import type { ReactElement, ReactNode } from 'react';
import { TableOfContents } from '../docs/TableOfContents.js';
import type { PageMenuModel } from '../model.js';
import { PageMenu } from '../PageMenu.js';
import { BlogLayout } from './BlogLayout.js';
import { BlogPaginator } from './BlogPaginator.js';
import type { BlogListModel, BlogPageModel, BlogPostModel, BlogTagsModel } from './model.js';
import { PostAuthors, PostMeta, PostTags } from './PostHeader.js';

/** One page of the blog; a post's page draws `content` (its MDX) under its head. */
export function BlogPage({
  page,
  content,
  menu,
}: {
  page: BlogPageModel;
  content?: ReactNode;
  menu?: PageMenuModel | undefined;
}): ReactElement {
  return (
    <BlogLayout sidebar={page.sidebar} route={page.route}>
      {page.kind === 'blog-post' ? (
        <PostPage page={page} content={content} menu={menu} />
      ) : page.kind === 'blog-tags' ? (
        <TagsPage page={page} />
      ) : (
        <ListPage page={page} />
      )}
    </BlogLayout>
  );
}

function PostPage({
  page,
  content,
  menu,
}: {
  page: BlogPostModel;
  content: ReactNode;
  menu: PageMenuModel | undefined;
}): ReactElement {
  const { post } = page;
  return (
    <>
      <article className="docs-article blog-post">
        <header className="blog-post-header">
          <h1>{post.title}</h1>
          <div className="page-menu-row">
            <PostMeta post={post} />
            <PageMenu menu={menu} />
          </div>
          <PostAuthors authors={post.authors} />
        </header>
        <div className="markdown" data-pagefind-body="">
          {content}
        </div>
        <footer className="blog-post-footer">
          <PostTags tags={post.tags} />
        </footer>
        <BlogPaginator neighbours={page.neighbours} label="Blog posts" newer="Newer post" older="Older post" />
      </article>
      <aside className="docs-toc-container">
        <TableOfContents entries={page.toc} />
      </aside>
    </>
  );
}

function ListPage({ page }: { page: BlogListModel }): ReactElement {
  return (
    <div className="docs-article blog-list">
      <header className="blog-list-header">
        <h1>{page.heading}</h1>
        {page.intro === undefined ? null : <p className="blog-list-intro">{page.intro}</p>}
        {page.kind === 'blog-tag' ? <a href={page.tagsHref}>View all tags</a> : null}
      </header>
      {page.posts.map((post) => (
        <article key={post.href} className="blog-summary">
          <h2 className="blog-summary-title">
            <a href={post.href}>{post.title}</a>
          </h2>
          <PostMeta post={post} />
          <PostAuthors authors={post.authors} />
          {post.description === undefined ? null : <p className="blog-summary-description">{post.description}</p>}
          <PostTags tags={post.tags} />
        </article>
      ))}
      <BlogPaginator neighbours={page.pages} label="Blog list pages" newer="Newer posts" older="Older posts" />
    </div>
  );
}

function TagsPage({ page }: { page: BlogTagsModel }): ReactElement {
  return (
    <div className="docs-article blog-tags-index">
      <h1>{page.heading}</h1>
      <ul className="blog-tag-list">
        {page.tags.map((tag) => (
          <li key={tag.href}>
            <a className="blog-tag" href={tag.href}>
              {tag.label}
              <span className="blog-tag-count">
                {` ${tag.count}`}
                <span className="visually-hidden">{tag.count === 1 ? ' post' : ' posts'}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
