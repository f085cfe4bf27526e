import type { ReactElement, ReactNode } from 'react';
import { Footer } from './Footer.js';
import type { SiteModel } from './model.js';
import { Navbar } from './navbar/Navbar.js';

export const MAIN_ID = 'main-content';

/** Navbar, main and footer around a page; "Skip to main content" is the first focusable element. */
export function Layout({ site, route, children }: { site: SiteModel; route: string; children: ReactNode }): ReactElement {
  const bar = site.announcementBar;
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to main content
      </a>
      {bar ? (
        <div className="announcement-bar" role="banner" data-announcement-id={bar.id} style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
          <div className="announcement-content">{bar.content}</div>
          {bar.isCloseable ? (
            <button type="button" className="announcement-close" data-announcement-close="" aria-label="Close">
              ×
            </button>
          ) : null}
        </div>
      ) : null}
      <Navbar navbar={site.navbar} colorMode={site.colorMode} currentRoute={route} />
      <div className="page-wrapper">{children}</div>
      <Footer footer={site.footer} />
    </>
  );
}
