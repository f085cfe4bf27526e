import type { ReactElement } from 'react';
import type { ApiLinksModel } from './model.js';

/** The site's API references, as a native disclosure of links (it works without JavaScript), this one marked. */
export function ApiSwitcher({ services }: { services: ApiLinksModel['services'] }): ReactElement | null {
  const current = services.find((s) => s.current);
  if (services.length < 2 || !current) return null;
  return (
    <details className="navbar-dropdown api-switcher" data-dropdown="">
      <summary aria-label={`${current.title}; choose another API reference`}>{current.title}</summary>
      <ul className="dropdown-menu">
        {services.map((s) => (
          <li key={s.id}>
            <a
              className={`dropdown-link${s.current ? ' active' : ''}`}
              href={s.href}
              {...(s.current ? { 'aria-current': 'page' as const } : {})}
            >
              {s.title}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
