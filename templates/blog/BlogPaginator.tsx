import type { ReactElement } from 'react';
import type { BlogNeighbours } from './model.js';

/** Newer on the left, older on the right: list pages ("Newer posts") or posts ("Newer post"). */
export function BlogPaginator({
  neighbours,
  label,
  newer,
  older,
}: {
  neighbours: BlogNeighbours;
  label: string;
  newer: string;
  older: string;
}): ReactElement | null {
  if (!neighbours.newer && !neighbours.older) return null;
  return (
    <nav className="pagination-nav" aria-label={label}>
      {neighbours.newer ? (
        <a className="pagination-link pagination-previous" href={neighbours.newer.href} rel="prev">
          <span className="pagination-sublabel">{newer}</span>
          <span className="pagination-label">{neighbours.newer.label}</span>
        </a>
      ) : (
        <span />
      )}
      {neighbours.older ? (
        <a className="pagination-link pagination-next" href={neighbours.older.href} rel="next">
          <span className="pagination-sublabel">{older}</span>
          <span className="pagination-label">{neighbours.older.label}</span>
        </a>
      ) : null}
    </nav>
  );
}
