import type { ReactElement } from 'react';
import { ExternalMark } from '../Links.js';
import type { SidebarItemModel } from '../model.js';

/** The docs sidebar: categories are native disclosures, open when they hold the current page. */
export function Sidebar({ items, route, id = 'docs-sidebar' }: { items: SidebarItemModel[]; route: string; id?: string }): ReactElement {
  return (
    <nav className="docs-sidebar" aria-label="Docs sidebar" id={id}>
      <SidebarList items={items} route={route} />
    </nav>
  );
}

function SidebarList({ items, route }: { items: SidebarItemModel[]; route: string }): ReactElement {
  return (
    <ul className="sidebar-list">
      {items.map((item) => (
        <li key={`${item.type}:${item.label}:${item.href ?? ''}`} className={`sidebar-item sidebar-item-${item.type}`}>
          <SidebarEntry item={item} route={route} />
        </li>
      ))}
    </ul>
  );
}

function SidebarEntry({ item, route }: { item: SidebarItemModel; route: string }): ReactElement {
  switch (item.type) {
    case 'doc':
      return (
        <a className={`sidebar-link${item.route === route ? ' active' : ''}`} href={item.href} {...(item.route === route ? { 'aria-current': 'page' as const } : {})}>
          {item.label}
        </a>
      );
    case 'link':
      return (
        <a className="sidebar-link" href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {item.label}
          {item.external ? <ExternalMark /> : null}
        </a>
      );
    case 'category': {
      const current = item.route === route;
      const open = current || containsRoute(item.items, route) || !item.collapsed;
      // A category with its own page: the link sits beside the toggle, never inside it (a link
      // inside <summary> is an interactive control nested in another).
      return (
        <>
          {item.href ? (
            <a className={`sidebar-link sidebar-category-link${current ? ' active' : ''}`} href={item.href} {...(current ? { 'aria-current': 'page' as const } : {})}>
              {item.label}
            </a>
          ) : null}
          <details className={`sidebar-category${item.href ? ' sidebar-category-linked' : ''}`} open={open} data-collapsible="">
            {item.href ? (
              <summary className="sidebar-category-label" aria-label={`${item.label}: show or hide its pages`} />
            ) : (
              <summary className="sidebar-category-label">
                <span>{item.label}</span>
              </summary>
            )}
            <SidebarList items={item.items} route={route} />
          </details>
        </>
      );
    }
  }
}

export function containsRoute(items: SidebarItemModel[], route: string): boolean {
  return items.some((item) => (item.type === 'doc' && item.route === route) || (item.type === 'category' && (item.route === route || containsRoute(item.items, route))));
}
