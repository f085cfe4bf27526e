import { useEffect, useRef, useState, type MouseEvent, type ReactElement } from 'react';
import { Sidebar, containsRoute } from '../docs/Sidebar.js';
import type { SiteModel } from '../model.js';
import { SearchButton } from '../search/SearchButton.js';
import { NavbarItem } from './items/index.js';

/**
 * The menu below the desktop breakpoint: a primary menu (the navbar's items) and, on docs pages, a
 * secondary menu (the docs sidebar; on API reference pages, the reference's own sidebar), shown
 * first, with a control back to the primary one.
 */
export function MobileSidebar({
  site,
  route,
  onClose,
  onNavigate,
}: {
  site: SiteModel;
  route: string;
  onClose: () => void;
  onNavigate: () => void;
}): ReactElement {
  const onDocsPage = containsRoute(site.sidebar, route);
  // The menu exists only in the browser, opened on a page already shown: its reference sidebar is there to copy.
  const [apiMenu] = useState(apiSidebarMarkup);
  const secondary = onDocsPage || apiMenu !== undefined;
  const [panel, setPanel] = useState<'primary' | 'secondary'>(secondary ? 'secondary' : 'primary');
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('.navbar-sidebar-close')?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  useEffect(() => {
    const entry = dialog.current?.querySelector<HTMLElement>('.api-nav [aria-current="location"]');
    if (dialog.current && entry) keepInMenuView(dialog.current, entry);
  }, [panel]);
  // A followed link replaces the menu's history entry with the new page; the menu just goes.
  const onClick = (event: MouseEvent<HTMLDivElement>): void => {
    if ((event.target as Element).closest('a[href]')) onNavigate();
  };
  return (
    <>
      <div className="navbar-sidebar-backdrop" onClick={onClose} />
      <div
        className="navbar-sidebar"
        id="navbar-sidebar"
        role="dialog"
        aria-modal="true"
        aria-label="Navigation menu"
        ref={dialog}
        onClick={onClick}
      >
        <div className="navbar-sidebar-header">
          <a className="navbar-brand" href={site.navbar.homeHref}>
            <b className="navbar-title">{site.navbar.title}</b>
          </a>
          <SearchButton className="navbar-sidebar-search" before={onClose} />
          <button
            type="button"
            className="navbar-sidebar-close"
            aria-label="Close the navigation menu"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        {panel === 'primary' ? (
          <div className="navbar-sidebar-primary" data-menu="primary">
            <ul className="navbar-sidebar-items">
              {site.navbar.items.map((item, index) => (
                <li key={index}>
                  <NavbarItem item={item} currentRoute={route} />
                </li>
              ))}
            </ul>
            {secondary ? (
              <button type="button" className="navbar-sidebar-switch" onClick={() => setPanel('secondary')}>
                {onDocsPage ? 'Docs menu →' : 'API menu →'}
              </button>
            ) : null}
          </div>
        ) : (
          <div className="navbar-sidebar-secondary" data-menu="secondary">
            <button type="button" className="navbar-sidebar-back" onClick={() => setPanel('primary')}>
              ← Back to main menu
            </button>
            {onDocsPage || apiMenu === undefined ? (
              <Sidebar items={site.sidebar} route={route} lazy={site.lazySidebar} id="mobile-docs-sidebar" />
            ) : (
              <div className="navbar-sidebar-api" dangerouslySetInnerHTML={{ __html: apiMenu }} />
            )}
          </div>
        )}
      </div>
    </>
  );
}

/** The page's API reference sidebar (switcher and operations), as the server rendered it and the client marked it. */
function apiSidebarMarkup(): string | undefined {
  return document.querySelector('.api-sidebar-container .api-sidebar')?.outerHTML;
}

/** Scrolls the menu, not the page behind it, to the operation being read. */
function keepInMenuView(menu: HTMLElement, entry: HTMLElement): void {
  const box = menu.getBoundingClientRect();
  const target = entry.getBoundingClientRect();
  if (target.top < box.top || target.bottom > box.bottom) menu.scrollTop += target.top - box.top - box.height / 3;
}
