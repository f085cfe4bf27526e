import type { ReactElement, ReactNode } from 'react';
import { AnnouncementBar } from './AnnouncementBar.js';
import { Footer } from './Footer.js';
import type { SiteModel } from './model.js';
import { Navbar } from './navbar/Navbar.js';
import { MAIN_ID } from './site-ids.js';

/** A page's server-made markup, in the shape `dangerouslySetInnerHTML` takes. */
export interface PageHtml {
  readonly __html: string;
}

/**
 * Navbar, page and footer; "Skip to main content" is the first focusable element. The page is React
 * on the server; in the browser it is the HTML the server made (`pageHtml`), which hydration keeps
 * as it is and client navigation swaps, so the client never ships a page's own components.
 */
export function Layout({
  site,
  route,
  children,
  pageHtml,
}: {
  site: SiteModel;
  route: string;
  children?: ReactNode;
  pageHtml?: PageHtml;
}): ReactElement {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to main content
      </a>
      {site.announcementBar ? <AnnouncementBar bar={site.announcementBar} /> : null}
      <Navbar site={site} currentRoute={route} />
      {pageHtml === undefined ? (
        <div className="page-wrapper">{children}</div>
      ) : (
        <div className="page-wrapper" dangerouslySetInnerHTML={pageHtml} />
      )}
      <Footer footer={site.footer} />
    </>
  );
}
