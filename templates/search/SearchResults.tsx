import type { ReactElement } from 'react';
import { Excerpt } from './Excerpt.js';
import { SEARCH_RESULTS_ID } from '../site-ids.js';
import type { SearchHit } from './model.js';

/**
 * The results as a listbox of links: the input keeps the focus and names the chosen one
 * (`aria-activedescendant`); a click, or Enter in the input, follows the link.
 */
export function SearchResults({
  hits,
  active,
  onActive,
  onPick,
  busy,
}: {
  hits: readonly SearchHit[];
  /** The results answer an earlier query; the newest one's are on their way. */
  busy: boolean;
  active: number;
  onActive: (index: number) => void;
  onPick: () => void;
}): ReactElement | null {
  if (hits.length === 0) return null;
  return (
    <div className="search-results" id={SEARCH_RESULTS_ID} role="listbox" aria-label="Search results" aria-busy={busy}>
      {hits.map((hit, index) => (
        <a
          key={hit.id}
          id={hit.id}
          className={`search-hit${hit.section ? ' search-hit-section' : ''}`}
          href={hit.href}
          role="option"
          aria-selected={index === active}
          tabIndex={-1}
          onMouseMove={() => (index === active ? undefined : onActive(index))}
          onClick={onPick}
        >
          <span className="search-hit-title">{hit.title}</span>
          {hit.context ? <span className="search-hit-context">{hit.context}</span> : null}
          {hit.excerpt ? <Excerpt text={hit.excerpt} /> : null}
        </a>
      ))}
    </div>
  );
}
