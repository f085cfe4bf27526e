import type { ReactElement } from 'react';
import type { NavItemModel } from '../../model.js';
import { DropdownItem } from './DropdownItem.js';
import { IconLinkItem } from './IconLinkItem.js';
import { LinkItem } from './LinkItem.js';
import { LocaleDropdownItem } from './LocaleDropdownItem.js';

type Renderers = {
  [T in NavItemModel['type']]: (item: Extract<NavItemModel, { type: T }>, currentRoute: string) => ReactElement;
};

const RENDERERS: Renderers = {
  link: (item, currentRoute) => <LinkItem {...item} currentRoute={currentRoute} />,
  dropdown: (item) => <DropdownItem {...item} />,
  localeDropdown: (item) => <LocaleDropdownItem {...item} />,
  iconLink: (item) => <IconLinkItem {...item} />,
};

/** One navbar item, by its type. */
export function NavbarItem({ item, currentRoute }: { item: NavItemModel; currentRoute: string }): ReactElement {
  const render = RENDERERS[item.type] as ((item: NavItemModel, currentRoute: string) => ReactElement) | undefined;
  if (!render) throw new Error(`No NavbarItem component found for type "${item.type}"`);
  return render(item, currentRoute);
}
