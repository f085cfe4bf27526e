import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  categoriesHolding,
  isOpen,
  SidebarCategory,
  SidebarEntry,
  type CategoryModel,
  type ClosedCategoryMarkup,
} from '../../templates/docs/Sidebar.js';
import type { SidebarItemModel, SiteModel } from '../../templates/model.js';

type LazySite = Pick<SiteModel, 'lazySidebar'>;

/**
 * The same text as one string in memory. React's HTML is a chain of thousands of small strings
 * joined, and JavaScript copies it out of that chain again each time it is used: markup kept for
 * every page was walked piece by piece on every page (as long as rendering the page itself). Its
 * UTF-8 is what the page's bytes are made of anyway.
 */
function inOnePiece(html: string): string {
  return Buffer.from(html).toString();
}

const CLOSED_MARKUP = new WeakMap<object, ClosedCategoryMarkup>();

/**
 * The markup of each closed category of a lazy sidebar, rendered the first time a page needs it. A
 * closed category is drawn alike on every page it does not hold, so it is rendered here for none
 * (the empty route).
 */
export function closedMarkupOf(site: LazySite): ClosedCategoryMarkup | undefined {
  if (!site.lazySidebar) return undefined;
  let markup = CLOSED_MARKUP.get(site);
  if (!markup) {
    const rendered = new WeakMap<object, Map<string, string>>();
    markup = (item, path) => {
      let byPath = rendered.get(item);
      if (!byPath) rendered.set(item, (byPath = new Map()));
      let html = byPath.get(path);
      if (html === undefined) {
        html = inOnePiece(renderToString(<SidebarCategory item={item} route="" lazy path={path} />));
        byPath.set(path, html);
      }
      return html;
    };
    CLOSED_MARKUP.set(site, markup);
  }
  return markup;
}

/**
 * Each entry's `<li>` as drawn on the pages it neither names nor holds, rendered the first time one
 * is needed: by the index path of its list (`2.`, empty at the top), then its index in the list.
 */
const ALIKE_ENTRIES = new WeakMap<object, Map<string, Array<string | undefined>>>();

const NO_CATEGORIES: ReadonlySet<CategoryModel> = new Set();

/**
 * The top-level list of a lazy sidebar, as HTML, for the page at `route`: what `<Sidebar>` would
 * draw inside it. On a site of n pages in n/50 categories, each page's sidebar is n/50 closed
 * categories and one open one; rendered whole, every page made React draw them all again, and the
 * HTML came back as a string of thousands of pieces that took as long again to encode. Here the
 * entries drawn alike on every page (`drawnAlike`) are rendered once for the site, at any depth:
 * an open category is drawn around its list, whose entries are put together the same way, so a
 * page renders only its own entry and the categories that hold it (rendering the 50 entries of
 * its open category took a third of every page's rendering). Undefined for a sidebar that is not
 * lazy: small, it is drawn whole.
 */
export function sidebarListHtml(site: Pick<SiteModel, 'lazySidebar' | 'sidebar'>, route: string): string | undefined {
  const closedMarkup = closedMarkupOf(site);
  if (!closedMarkup) return undefined;
  let alike = ALIKE_ENTRIES.get(site);
  if (!alike) ALIKE_ENTRIES.set(site, (alike = new Map()));
  const page: PageSidebar = { route, holding: categoriesHolding(site.sidebar, route), closedMarkup, alike };
  return listHtml(site.sidebar, '', page);
}

/** What putting one page's sidebar together takes, besides the entries. */
interface PageSidebar {
  route: string;
  holding: ReadonlySet<CategoryModel>;
  closedMarkup: ClosedCategoryMarkup;
  alike: Map<string, Array<string | undefined>>;
}

/** The `<li>`s of one list of the sidebar (`prefix`: the index path of its category, `2.`, empty at the top). */
function listHtml(items: readonly SidebarItemModel[], prefix: string, page: PageSidebar): string {
  const { route, holding, closedMarkup } = page;
  let alike = page.alike.get(prefix);
  if (!alike) page.alike.set(prefix, (alike = []));
  const parts: string[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as SidebarItemModel;
    let html = alike[index];
    if (html !== undefined && drawnAlike(item, route, holding)) {
      parts.push(html);
      continue;
    }
    const path = `${prefix}${index}`;
    if (!drawnAlike(item, route, holding)) {
      // This page's own entry, or a category open on it, drawn around its list put together here.
      const list = item.type === 'category' ? listHtml(item.items, `${path}.`, page) : undefined;
      parts.push(
        renderToString(
          <SidebarItem
            item={item}
            route={route}
            path={path}
            closedMarkup={closedMarkup}
            holding={holding}
            list={list === undefined ? undefined : <PrerenderedList html={list} />}
          />,
        ),
      );
      continue;
    }
    alike[index] = html = inOnePiece(
      renderToString(
        <SidebarItem item={item} route="" path={path} closedMarkup={closedMarkup} holding={NO_CATEGORIES} />,
      ),
    );
    parts.push(html);
  }
  return parts.join('');
}

/** An entry with its `<li>`, as `Sidebar` draws it in a lazy sidebar; an open category's list given as `list`. */
function SidebarItem({
  item,
  route,
  path,
  closedMarkup,
  holding,
  list,
}: {
  item: SidebarItemModel;
  route: string;
  path: string;
  closedMarkup: ClosedCategoryMarkup;
  holding: ReadonlySet<CategoryModel>;
  list?: ReactElement | undefined;
}): ReactElement {
  const className = `sidebar-item sidebar-item-${item.type}`;
  if (item.type === 'category' && !isOpen(item, route, holding))
    return <li className={className} dangerouslySetInnerHTML={{ __html: closedMarkup(item, path) }} />;
  return (
    <li className={className}>
      {item.type === 'category' ? (
        <SidebarCategory
          item={item}
          route={route}
          lazy
          path={path}
          closedMarkup={closedMarkup}
          holding={holding}
          list={list}
        />
      ) : (
        <SidebarEntry item={item} route={route} lazy path={path} closedMarkup={closedMarkup} holding={holding} />
      )}
    </li>
  );
}

/** A list of the sidebar whose entries are given as HTML: what `SidebarList` draws around them. */
function PrerenderedList({ html }: { html: string }): ReactElement {
  return <ul className="sidebar-list" dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Whether an entry of a lazy sidebar is drawn alike on every page but those it names or holds: a
 * doc that is not this page, or a category closed on this page (it lists its first entry only,
 * which cannot be this page, or the category would hold it). A link is drawn alike everywhere.
 */
function drawnAlike(item: SidebarItemModel, route: string, holding: ReadonlySet<CategoryModel>): boolean {
  if (item.type === 'doc') return item.route !== route;
  if (item.type === 'link') return true;
  return !isOpen(item, route, holding);
}
