import type { ReactElement } from 'react';
import { Icon } from '../icons.js';
import type { DocPageModel } from '../model.js';

export function Breadcrumbs({
  crumbs,
  homeHref,
}: {
  crumbs: DocPageModel['breadcrumbs'];
  homeHref: string;
}): ReactElement {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <a href={homeHref} aria-label="Home page" className="breadcrumb-home">
            <Icon name="home" size={16} />
          </a>
        </li>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${index}:${crumb.label}`}>
              {crumb.href && !last ? (
                <a href={crumb.href}>{crumb.label}</a>
              ) : (
                <span {...(last ? { 'aria-current': 'page' as const } : {})}>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
