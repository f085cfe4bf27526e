import { useEffect, useRef, type KeyboardEvent, type ReactElement } from 'react';
import { Icon } from '../icons.js';
import type { SearchHit, SearchScope, SearchStatus } from './model.js';
import { SEARCH_RESULTS_ID } from '../site-ids.js';
import { SearchResults } from './SearchResults.js';
import { ScopeFilters } from './ScopeFilters.js';

export interface SearchDialogProps {
  query: string;
  onQuery: (query: string) => void;
  scope: SearchScope;
  onScope: (scope: SearchScope) => void;
  /** The services the API filter offers. */
  services: readonly string[];
  status: SearchStatus;
  hits: readonly SearchHit[];
  /** The query the hits answer: results stay until the next query's are in. */
  answered: string;
  active: number;
  onActive: (index: number) => void;
  onClose: () => void;
  onRetry: () => void;
}

/**
 * The search dialog: a modal `<dialog>` (the page behind it is inert), a combobox whose results
 * follow the typing, Up and Down to choose, Enter to open, Escape to close. Focus stays inside
 * (Tab goes round); a result is a link, so the client's navigation opens it.
 */
export function SearchDialog(props: SearchDialogProps): ReactElement {
  const { query, status, hits, answered, active } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // Looked up inside the dialog, so that no element of the page behind it answers to a result's id.
  const hitElement = (id: string): HTMLElement | null | undefined =>
    dialog.current?.querySelector<HTMLElement>(`#${CSS.escape(id)}`);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    input.current?.focus();
  }, []);
  useEffect(() => {
    const hit = hits[active];
    if (hit) hitElement(hit.id)?.scrollIntoView({ block: 'nearest' });
  }, [hits, active]);

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length > 0) props.onActive((active + (event.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    } else if (event.key === 'Escape') {
      // A search field would only clear itself on the first Escape.
      event.preventDefault();
      props.onClose();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[active];
      // A click on the result's link: the client's router takes it as any link.
      if (hit) hitElement(hit.id)?.click();
    }
  };
  const onDialogKey = (event: KeyboardEvent<HTMLDialogElement>): void => {
    if (event.key === 'Tab' && dialog.current) keepFocusInside(dialog.current, event);
  };
  const expanded = hits.length > 0;
  const message = statusMessage(status, query, answered, hits.length);
  return (
    <dialog
      ref={dialog}
      className="search-dialog"
      aria-label="Search"
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
      onKeyDown={onDialogKey}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === dialog.current) props.onClose();
      }}
    >
      <div className="search-dialog-box">
        <div className="search-dialog-bar">
          <Icon name="search" size={18} />
          <input
            ref={input}
            className="search-dialog-input"
            type="search"
            role="combobox"
            aria-label="Search the docs and the API reference"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={SEARCH_RESULTS_ID}
            aria-activedescendant={expanded ? hits[active]?.id : undefined}
            placeholder="Search the docs and the API"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => props.onQuery(event.currentTarget.value)}
            onKeyDown={onInputKey}
          />
          <button type="button" className="search-dialog-close" onClick={props.onClose}>
            <kbd>Esc</kbd>
            <span className="visually-hidden"> close the search</span>
          </button>
        </div>
        <ScopeFilters scope={props.scope} services={props.services} onScope={props.onScope} />
        {status.kind === 'failed' ? (
          <div className="search-dialog-failed" role="alert">
            <p>Search could not be loaded: {status.message}</p>
            <button type="button" className="button button-primary" onClick={props.onRetry}>
              Retry
            </button>
          </div>
        ) : (
          <p className={message.visible ? 'search-dialog-status' : 'visually-hidden'} role="status">
            {message.text}
          </p>
        )}
        <SearchResults
          hits={hits}
          busy={answered !== query}
          active={active}
          onActive={props.onActive}
          onPick={props.onClose}
        />
      </div>
    </dialog>
  );
}

function statusMessage(
  status: SearchStatus,
  query: string,
  answered: string,
  count: number,
): { text: string; visible: boolean } {
  if (status.kind === 'loading') return { text: 'Loading the search index…', visible: true };
  if (query.trim() === '') return { text: 'Type to search the docs and the API reference.', visible: true };
  if (answered !== query) return { text: '', visible: false };
  if (count === 0) return { text: `No results for “${query.trim()}”.`, visible: true };
  return { text: `${count} result${count === 1 ? '' : 's'}`, visible: false };
}

/** Tab and Shift+Tab go round the dialog's controls rather than out of it. */
function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent): void {
  const controls = [
    ...dialog.querySelectorAll<HTMLElement>('input, select, button, [href], [tabindex]:not([tabindex="-1"])'),
  ].filter(
    (element) =>
      !element.hasAttribute('disabled') &&
      element.tabIndex >= 0 &&
      // Of a group of radio buttons, Tab reaches the checked one only.
      !(element instanceof HTMLInputElement && element.type === 'radio' && !element.checked),
  );
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
