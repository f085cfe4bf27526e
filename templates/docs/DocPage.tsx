import type { ReactElement } from 'react';
import { MAIN_ID } from '../site-ids.js';
import type { DocPageModel, PageMenuModel, SiteModel } from '../model.js';
import { PageMenu } from '../PageMenu.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { DocFooter } from './DocFooter.js';
import { Paginator } from './Paginator.js';
import { PrerenderedSidebar, Sidebar } from './Sidebar.js';
import { TableOfContents, TocCollapsible } from './TableOfContents.js';

export function DocPage({
  site,
  page,
  sidebarHtml,
  menu,
}: {
  site: SiteModel;
  page: DocPageModel;
  /** The sidebar's top-level entries as HTML (`PrerenderedSidebar`), for a lazy sidebar. */
  sidebarHtml?: string | undefined;
  menu?: PageMenuModel | undefined;
}): ReactElement {
  return (
    <div className="docs-layout">
      <aside className="docs-sidebar-container">
        {sidebarHtml !== undefined ? (
          <PrerenderedSidebar listHtml={sidebarHtml} />
        ) : (
          <Sidebar items={site.sidebar} route={page.route} lazy={site.lazySidebar} />
        )}
      </aside>
      <main id={MAIN_ID} className="docs-main">
        <div className="docs-content-row">
          <article className="docs-article">
            <div className="page-menu-row">
              <Breadcrumbs crumbs={page.breadcrumbs} homeHref={site.navbar.homeHref} />
              <PageMenu menu={menu} />
            </div>
            <TocCollapsible entries={page.toc} />
            <div className="markdown" data-pagefind-body="">
              <h1>{page.title}</h1>
              {page.content}
            </div>
            <DocFooter editUrl={page.editUrl} lastUpdated={page.lastUpdated} />
            <Paginator previous={page.previous} next={page.next} />
          </article>
          <aside className="docs-toc-container">
            <TableOfContents entries={page.toc} />
          </aside>
        </div>
      </main>
    </div>
  );
}
