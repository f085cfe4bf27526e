import type { ReactElement } from 'react';
import type { ApiNavModel } from './model.js';
import { MethodBadge } from './MethodBadge.js';

type NavGroup = ApiNavModel['groups'][number];

/**
 * The reference's own sidebar: the overview, each tag (or sub-resource) page with its operations, the models index. A tag's
 * operations fold under a native disclosure beside its link (never inside it: a link in a
 * <summary> is a control nested in another), so they open and close without script.
 */
export function ApiNav({ nav, title }: { nav: ApiNavModel; title: string }): ReactElement {
  return (
    <nav className="api-nav" aria-label={`${title} reference`}>
      <ul className="sidebar-list">
        <li className="sidebar-item">
          <a className="sidebar-link" href={`${nav.overviewHref}#api-overview`}>
            Overview
          </a>
        </li>
        {nav.groups.map((group) => (
          <NavGroupItem key={group.href} group={group} />
        ))}
        {nav.modelsHref ? (
          <li className="sidebar-item">
            <a
              className="sidebar-link api-nav-tag"
              href={nav.modelsHref}
              {...(nav.modelsCurrent ? { 'aria-current': 'page' as const } : {})}
            >
              Models
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function NavGroupItem({ group }: { group: NavGroup }): ReactElement {
  const link = (
    <a className="sidebar-link api-nav-tag" href={group.href}>
      {group.name}
    </a>
  );
  if (group.operations.length === 0) return <li className="sidebar-item">{link}</li>;
  // Deprecated operations come after the current ones, under a heading of their own, so what to use is read first.
  const current = group.operations.filter((op) => !op.deprecated);
  const deprecated = group.operations.filter((op) => op.deprecated);
  return (
    <li className="sidebar-item sidebar-item-category api-nav-group">
      {link}
      <details className="sidebar-category sidebar-category-linked" open={group.open} data-collapsible="">
        <summary className="sidebar-category-label" aria-label={`${group.name}: show or hide its operations`} />
        <ul className="sidebar-list">
          {current.map((op) => (
            <NavOperation key={op.id} op={op} />
          ))}
          {deprecated.length > 0 ? (
            <li className="api-nav-deprecated-group">
              <span className="api-nav-deprecated-heading">Deprecated ({deprecated.length})</span>
              <ul className="sidebar-list">
                {deprecated.map((op) => (
                  <NavOperation key={op.id} op={op} />
                ))}
              </ul>
            </li>
          ) : null}
        </ul>
      </details>
    </li>
  );
}

/**
 * One operation's entry. A deprecated one is dimmed, under its tag's "Deprecated (n)" heading, and
 * says so to assistive tools; never struck through (a tag of them was a wall of strikes).
 */
function NavOperation({ op }: { op: NavGroup['operations'][number] }): ReactElement {
  return (
    <li className="sidebar-item">
      <a className={`sidebar-link api-nav-operation${op.deprecated ? ' deprecated' : ''}`} href={op.href}>
        <MethodBadge method={op.method} small /> <span>{op.label}</span>
        {op.deprecated ? <span className="visually-hidden"> (deprecated)</span> : null}
      </a>
    </li>
  );
}
