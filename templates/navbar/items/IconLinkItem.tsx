import type { ReactElement } from 'react';
import { Icon } from '../../icons.js';
import type { NavItemModel } from '../../model.js';
import { safeHref } from '../../url-policy.js';

type Props = Extract<NavItemModel, { type: 'iconLink' }>;

export function IconLinkItem({ icon, label, href }: Props): ReactElement {
  return (
    <a
      className="navbar-link navbar-icon-link"
      href={safeHref(href)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
    >
      <Icon name={icon} />
    </a>
  );
}
