import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { categoryAt, LAZY_LIST_ATTRIBUTE, SidebarItems } from '../docs/Sidebar.js';
import type { SidebarItemModel } from '../model.js';

let source: { items: SidebarItemModel[]; route: string } | undefined;

/** The sidebar model and route of the page shown, which lazy categories are filled from. */
export function setSidebarSource(items: SidebarItemModel[], route: string): void {
  source = { items, route };
}

/**
 * Renders all of a lazy category's entries into its list (the server wrote its first entry only).
 * Synchronous, so the list has its full height before it animates open.
 */
export function fillLazyList(list: HTMLElement): void {
  const path = list.getAttribute(LAZY_LIST_ATTRIBUTE);
  const category = path === null || !source ? undefined : categoryAt(source.items, path);
  if (!source || !category) return;
  const { route } = source;
  list.removeAttribute(LAZY_LIST_ATTRIBUTE);
  list.textContent = '';
  const root = createRoot(list);
  flushSync(() => root.render(<SidebarItems items={category.items} route={route} lazy path={`${path}.`} />));
}
