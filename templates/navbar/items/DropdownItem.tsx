import type { ReactElement } from 'react';
import type { NavItemModel } from '../../model.js';
import { SiteLink } from '../../Links.js';

type Props = Extract<NavItemModel, { type: 'dropdown' }>;

/** A native disclosure, so the menu opens without JavaScript; the client closes it on an outside click. */
export function DropdownItem({ label, items }: Props): ReactElement {
  return (
    <details className="navbar-dropdown" data-dropdown="">
      <summary className="navbar-link">{label}</summary>
      <ul className="dropdown-menu">
        {items.map((item) => (
          <li key={item.href}>
            <SiteLink className="dropdown-link" link={item} />
          </li>
        ))}
      </ul>
    </details>
  );
}
