import { useState, type ReactElement, type SyntheticEvent } from 'react';
import { ExternalMark } from '../Links.js';
import type { SidebarItemModel } from '../model.js';

/** Marks a collapsed category's list that holds only its first entry; the value is the category's index path in the sidebar model. */
export const LAZY_LIST_ATTRIBUTE = 'data-sidebar-lazy';

interface ListProps {
  items: SidebarItemModel[];
  route: string;
  /** The site's sidebar is lazy (`SiteModel.lazySidebar`). */
  lazy: boolean;
  /** Index path of these items' category in the sidebar model (`2.0.`), empty at the top. */
  path: string;
  closedMarkup?: ClosedCategoryMarkup | undefined;
}

/**
 * The server's markup of a closed lazy category (its `<li>`'s content), given by the renderer of a
 * whole site: it is the same on every page the category does not hold, and on a large site it is
 * most of every page's sidebar, so it is rendered once per category rather than once per page.
 */
export type ClosedCategoryMarkup = (item: CategoryModel, path: string) => string;

/**
 * The docs sidebar: categories are native disclosures, open when they hold the current page. In a
 * lazy sidebar, a collapsed category that does not hold the page lists its first entry only; the
 * client renders the rest when it is opened (`fillLazyList`).
 */
export function Sidebar({ items, route, lazy, id = 'docs-sidebar', closedMarkup }: { items: SidebarItemModel[]; route: string; lazy: boolean; id?: string; closedMarkup?: ClosedCategoryMarkup | undefined }): ReactElement {
  return (
    <nav className="docs-sidebar" aria-label="Docs sidebar" id={id}>
      <SidebarList items={items} route={route} lazy={lazy} path="" closedMarkup={closedMarkup} />
    </nav>
  );
}

function SidebarList(props: ListProps): ReactElement {
  return (
    <ul className="sidebar-list">
      <SidebarItems {...props} />
    </ul>
  );
}

/** The entries of one list, without the list: the client renders them into a lazy category's list. */
export function SidebarItems({ items, route, lazy, path, closedMarkup }: ListProps): ReactElement {
  return (
    <>
      {items.map((item, index) => {
        const key = `${item.type}:${item.label}:${item.href ?? ''}`;
        const className = `sidebar-item sidebar-item-${item.type}`;
        if (closedMarkup && lazy && item.type === 'category' && !isOpen(item, route)) return <li key={key} className={className} dangerouslySetInnerHTML={{ __html: closedMarkup(item, `${path}${index}`) }} />;
        return (
          <li key={key} className={className}>
            <SidebarEntry item={item} route={route} lazy={lazy} path={`${path}${index}`} closedMarkup={closedMarkup} />
          </li>
        );
      })}
    </>
  );
}

function SidebarEntry({ item, route, lazy, path, closedMarkup }: { item: SidebarItemModel; route: string; lazy: boolean; path: string; closedMarkup: ClosedCategoryMarkup | undefined }): ReactElement {
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
    case 'category':
      return <SidebarCategory item={item} route={route} lazy={lazy} path={path} closedMarkup={closedMarkup} />;
  }
}

type CategoryModel = Extract<SidebarItemModel, { type: 'category' }>;

function isOpen(item: CategoryModel, route: string): boolean {
  return item.route === route || containsRoute(item.items, route) || !item.collapsed;
}

export function SidebarCategory({ item, route, lazy, path, closedMarkup }: { item: CategoryModel; route: string; lazy: boolean; path: string; closedMarkup?: ClosedCategoryMarkup | undefined }): ReactElement {
  const current = item.route === route;
  const open = isOpen(item, route);
  // Where this is a live component (the mobile menu), opening a lazy category renders its entries.
  const [opened, setOpened] = useState(false);
  const deferred = lazy && !open && !opened;
  const onToggle = deferred ? (event: SyntheticEvent<HTMLDetailsElement>) => (event.currentTarget.open ? setOpened(true) : undefined) : undefined;
  // A category with its own page: the link sits beside the toggle, never inside it (a link
  // inside <summary> is an interactive control nested in another).
  return (
    <>
      {item.href ? (
        <a className={`sidebar-link sidebar-category-link${current ? ' active' : ''}`} href={item.href} {...(current ? { 'aria-current': 'page' as const } : {})}>
          {item.label}
        </a>
      ) : null}
      <details className={`sidebar-category${item.href ? ' sidebar-category-linked' : ''}`} open={open || opened} data-collapsible="" onToggle={onToggle}>
        {item.href ? (
          <summary className="sidebar-category-label" aria-label={`${item.label}: show or hide its pages`} />
        ) : (
          <summary className="sidebar-category-label">
            <span>{item.label}</span>
          </summary>
        )}
        {deferred ? <FirstEntryOnly item={item} route={route} path={path} /> : <SidebarList items={item.items} route={route} lazy={lazy} path={`${path}.`} closedMarkup={closedMarkup} />}
      </details>
    </>
  );
}

/** A lazy category's list as the server writes it: its first entry (which, without JavaScript, leads to a page where the category is open) and how many follow. */
function FirstEntryOnly({ item, route, path }: { item: CategoryModel; route: string; path: string }): ReactElement {
  const more = item.items.length - 1;
  return (
    <ul className="sidebar-list" {...{ [LAZY_LIST_ATTRIBUTE]: path }}>
      <SidebarItems items={item.items.slice(0, 1)} route={route} lazy path={`${path}.`} />
      {more > 0 ? <li className="sidebar-item sidebar-more">{`and ${more} more`}</li> : null}
    </ul>
  );
}

/** The category at an index path (`2.0`) of the sidebar model. */
export function categoryAt(items: readonly SidebarItemModel[], path: string): Extract<SidebarItemModel, { type: 'category' }> | undefined {
  let found: SidebarItemModel | undefined;
  let level: readonly SidebarItemModel[] = items;
  for (const part of path.split('.')) {
    found = level[Number(part)];
    if (found?.type !== 'category') return undefined;
    level = found.items;
  }
  return found?.type === 'category' ? found : undefined;
}

/** Whether a page of `items`, at any depth, or one of their categories' own pages has this route. */
export function containsRoute(items: SidebarItemModel[], route: string): boolean {
  return routesIn(items).has(route);
}

/** The routes below a list of entries, gathered once per model (every page's sidebar asks of every category). */
const ROUTES_IN = new WeakMap<SidebarItemModel[], Set<string>>();
function routesIn(items: SidebarItemModel[]): Set<string> {
  let routes = ROUTES_IN.get(items);
  if (!routes) {
    routes = new Set();
    for (const item of items) {
      if (item.type === 'doc') routes.add(item.route);
      else if (item.type === 'category') {
        if (item.route !== undefined) routes.add(item.route);
        for (const route of routesIn(item.items)) routes.add(route);
      }
    }
    ROUTES_IN.set(items, routes);
  }
  return routes;
}
