import type { ReactElement } from 'react';
import type { BlogSidebarModel } from './model.js';

/** The newest posts, under the year each was published in. */
export function BlogSidebar({ sidebar, route }: { sidebar: BlogSidebarModel; route: string }): ReactElement {
  return (
    <nav className="blog-sidebar" aria-label={sidebar.title}>
      <p className="blog-sidebar-title">{sidebar.title}</p>
      {sidebar.years.map((group) => (
        <section key={group.year} className="blog-sidebar-year">
          <h2 className="blog-sidebar-year-title">{group.year}</h2>
          <ul className="sidebar-list">
            {group.posts.map((post) => (
              <li key={post.route}>
                <a
                  className={`sidebar-link${post.route === route ? ' active' : ''}`}
                  href={post.href}
                  {...(post.route === route ? { 'aria-current': 'page' as const } : {})}
                >
                  {post.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
