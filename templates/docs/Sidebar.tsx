import { useState, type ReactElement, type SyntheticEvent } from 'react';
import { ExternalMark } from '../Links.js';
import type { SidebarItemModel } from '../model.js';
import { safeHref } from '../url-policy.js';

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
  /** The categories that hold the page (`categoriesHolding`), when the whole sidebar is drawn for it. */
  holding?: ReadonlySet<CategoryModel> | undefined;
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
export function Sidebar({
  items,
  route,
  lazy,
  id = 'docs-sidebar',
  closedMarkup,
}: {
  items: SidebarItemModel[];
  route: string;
  lazy: boolean;
  id?: string;
  closedMarkup?: ClosedCategoryMarkup | undefined;
}): ReactElement {
  return (
    <nav className="docs-sidebar" aria-label="Docs sidebar" id={id}>
      <SidebarList
        items={items}
        route={route}
        lazy={lazy}
        path=""
        closedMarkup={closedMarkup}
        holding={categoriesHolding(items, route)}
      />
    </nav>
  );
}

/**
 * `Sidebar` with its top-level entries given as HTML by the renderer of a whole site
 * (`generator/render/sidebar-markup.tsx`): on a large site they are most of every page, and nearly
 * all of them are drawn alike on every page.
 */
export function PrerenderedSidebar({ listHtml }: { listHtml: string }): ReactElement {
  return (
    <nav className="docs-sidebar" aria-label="Docs sidebar" id="docs-sidebar">
      <ul className="sidebar-list" dangerouslySetInnerHTML={{ __html: listHtml }} />
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
export function SidebarItems({ items, route, lazy, path, closedMarkup, holding }: ListProps): ReactElement {
  return (
    <>
      {items.map((item, index) => {
        const key = `${item.type}:${item.label}:${item.href ?? ''}`;
        const className = `sidebar-item sidebar-item-${item.type}`;
        if (closedMarkup && lazy && item.type === 'category' && !isOpen(item, route, holding))
          return (
            <li
              key={key}
              className={className}
              dangerouslySetInnerHTML={{ __html: closedMarkup(item, `${path}${index}`) }}
            />
          );
        return (
          <li key={key} className={className}>
            <SidebarEntry
              item={item}
              route={route}
              lazy={lazy}
              path={`${path}${index}`}
              closedMarkup={closedMarkup}
              holding={holding}
            />
          </li>
        );
      })}
    </>
  );
}

export function SidebarEntry({
  item,
  route,
  lazy,
  path,
  closedMarkup,
  holding,
}: {
  item: SidebarItemModel;
  route: string;
  lazy: boolean;
  path: string;
  closedMarkup: ClosedCategoryMarkup | undefined;
  holding: ReadonlySet<CategoryModel> | undefined;
}): ReactElement {
  switch (item.type) {
    case 'doc':
      return (
        <a
          className={`sidebar-link${item.route === route ? ' active' : ''}`}
          href={item.href}
          {...(item.route === route ? { 'aria-current': 'page' as const } : {})}
        >
          {item.label}
        </a>
      );
    case 'link':
      return (
        <a
          className="sidebar-link"
          href={safeHref(item.href)}
          {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {item.label}
          {item.external ? <ExternalMark /> : null}
        </a>
      );
    case 'category':
      return (
        <SidebarCategory
          item={item}
          route={route}
          lazy={lazy}
          path={path}
          closedMarkup={closedMarkup}
          holding={holding}
        />
      );
  }
}

export type CategoryModel = Extract<SidebarItemModel, { type: 'category' }>;

export function isOpen(item: CategoryModel, route: string, holding: ReadonlySet<CategoryModel> | undefined): boolean {
  return item.route === route || (holding ? holding.has(item) : containsRoute(item.items, route)) || !item.collapsed;
}

export function SidebarCategory({
  item,
  route,
  lazy,
  path,
  closedMarkup,
  holding,
  list,
}: {
  item: CategoryModel;
  route: string;
  lazy: boolean;
  path: string;
  closedMarkup?: ClosedCategoryMarkup | undefined;
  holding?: ReadonlySet<CategoryModel> | undefined;
  /** An open category's list, put together by the renderer of a whole site (`sidebar-markup.tsx`). */
  list?: ReactElement | undefined;
}): ReactElement {
  const current = item.route === route;
  const open = isOpen(item, route, holding);
  // Where this is a live component (the mobile menu), opening a lazy category renders its entries.
  const [opened, setOpened] = useState(false);
  const deferred = lazy && !open && !opened;
  const onToggle = deferred
    ? (event: SyntheticEvent<HTMLDetailsElement>) => (event.currentTarget.open ? setOpened(true) : undefined)
    : undefined;
  // A category with its own page: the link sits beside the toggle, never inside it (a link
  // inside <summary> is an interactive control nested in another).
  return (
    <>
      {item.href ? (
        <a
          className={`sidebar-link sidebar-category-link${current ? ' active' : ''}`}
          href={item.href}
          {...(current ? { 'aria-current': 'page' as const } : {})}
        >
          {item.label}
        </a>
      ) : null}
      <details
        className={`sidebar-category${item.href ? ' sidebar-category-linked' : ''}`}
        open={open || opened}
        data-collapsible=""
        onToggle={onToggle}
      >
        {item.href ? (
          <summary className="sidebar-category-label" aria-label={`${item.label}: show or hide its pages`} />
        ) : (
          <summary className="sidebar-category-label">
            <span>{item.label}</span>
          </summary>
        )}
        {deferred ? (
          <FirstEntryOnly item={item} route={route} path={path} />
        ) : (
          (list ?? (
            <SidebarList
              items={item.items}
              route={route}
              lazy={lazy}
              path={`${path}.`}
              closedMarkup={closedMarkup}
              holding={holding}
            />
          ))
        )}
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
export function categoryAt(
  items: readonly SidebarItemModel[],
  path: string,
): Extract<SidebarItemModel, { type: 'category' }> | undefined {
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

const NO_CATEGORIES: ReadonlySet<CategoryModel> = new Set();

/** Route → the categories that hold it below them, gathered once per sidebar. */
const HOLDING = new WeakMap<SidebarItemModel[], Map<string, Set<CategoryModel>>>();

/**
 * The categories of a sidebar that hold a route below them (its page, or a category's own page,
 * at any depth): those a page's sidebar opens. Looked up once per page, rather than a lookup per
 * category; every page's sidebar asks it of every category.
 */
export function categoriesHolding(items: SidebarItemModel[], route: string): ReadonlySet<CategoryModel> {
  let byRoute = HOLDING.get(items);
  if (!byRoute) {
    const index = new Map<string, Set<CategoryModel>>();
    const add = (at: string, above: readonly CategoryModel[]): void => {
      let set = index.get(at);
      if (!set) index.set(at, (set = new Set()));
      for (const category of above) set.add(category);
    };
    const walk = (level: SidebarItemModel[], above: readonly CategoryModel[]): void => {
      for (const item of level) {
        if (item.type === 'doc') add(item.route, above);
        else if (item.type === 'category') {
          if (item.route !== undefined) add(item.route, above);
          walk(item.items, [...above, item]);
        }
      }
    };
    walk(items, []);
    HOLDING.set(items, (byRoute = index));
  }
  return byRoute.get(route) ?? NO_CATEGORIES;
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
