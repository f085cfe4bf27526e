import type { ReactElement } from 'react';
import type { NavItemModel } from '../../model.js';
import { ExternalMark } from '../../Links.js';
import { safeHref } from '../../url-policy.js';

type Props = Extract<NavItemModel, { type: 'link' }> & { currentRoute: string };

export function LinkItem({ label, href, external, activePrefix, currentRoute }: Props): ReactElement {
  const active = activePrefix !== undefined && currentRoute.startsWith(activePrefix);
  return (
    <a
      className={`navbar-link${active ? ' active' : ''}`}
      href={safeHref(href)}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...(currentRoute === activePrefix ? { 'aria-current': 'page' as const } : {})}
    >
      {label}
      {external ? <ExternalMark /> : null}
    </a>
  );
}
