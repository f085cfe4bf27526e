import type { ReactElement } from 'react';
import { Icon } from '../icons.js';
import { useSearchOpener } from './context.js';

/**
 * Opens the search dialog (also `/` and Ctrl+K or ⌘K); disabled until the client has started.
 * `before` runs first (the mobile menu closes itself).
 */
export function SearchButton({ className, before }: { className: string; before?: () => void }): ReactElement {
  const { ready, open } = useSearchOpener();
  return (
    <button
      type="button"
      className={`search-button ${className}`}
      data-search-button=""
      aria-label="Search"
      aria-keyshortcuts="/ Control+K Meta+K"
      title="Search (/ or Ctrl+K)"
      disabled={!ready}
      onClick={() => {
        before?.();
        open();
      }}
    >
      <Icon name="search" size={18} />
      <span className="search-button-label" aria-hidden="true">
        Search
      </span>
      <kbd className="search-button-key" aria-hidden="true">
        /
      </kbd>
    </button>
  );
}
