import type { ReactElement } from 'react';
import type { ApiReferenceModel } from './model.js';

/**
 * The versions of an API with more than one, and its changelog, as a native disclosure of links: it
 * works without JavaScript. Its summary is the version being read, labelled for assistive tools only.
 */
export function VersionMenu({ api }: { api: ApiReferenceModel }): ReactElement {
  const current = api.versions.find((v) => v.current);
  return (
    <details className="navbar-dropdown api-version-menu" data-dropdown="" data-api-versions={api.apiId}>
      <summary aria-label={`Version ${current?.version ?? ''}; choose another version or read the changelog`}>
        {current?.version ?? 'Versions'}
      </summary>
      <ul className="dropdown-menu">
        {api.versions.map((v, index) => (
          <li key={v.version}>
            <a
              className={`dropdown-link${v.current ? ' active' : ''}`}
              href={v.href}
              data-version={v.version}
              {...(v.current ? { 'aria-current': 'page' as const } : {})}
            >
              {v.version}
              {index === 0 ? <span className="api-version-latest"> (latest)</span> : null}
            </a>
          </li>
        ))}
        <li className="dropdown-changelog">
          <a className="dropdown-link" href={api.changelogHref} data-changelog="">
            Changelog
          </a>
        </li>
      </ul>
    </details>
  );
}
