import type { ReactElement, ReactNode } from 'react';
import { MAIN_ID } from '../site-ids.js';
import { BlogSidebar } from './BlogSidebar.js';
import type { BlogSidebarModel } from './model.js';

/** Every blog page: the recent posts beside the page (after it on a narrow screen). */
export function BlogLayout({
  sidebar,
  route,
  children,
}: {
  sidebar: BlogSidebarModel;
  route: string;
  children: ReactNode;
}): ReactElement {
  return (
    <div className="docs-layout blog-layout">
      <aside className="blog-sidebar-container">
        <BlogSidebar sidebar={sidebar} route={route} />
      </aside>
      <main id={MAIN_ID} className="docs-main">
        <div className="docs-content-row">{children}</div>
      </main>
    </div>
  );
}
