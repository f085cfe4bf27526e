import type { ReactElement } from 'react';
import { SearchDialog } from '../../search/SearchDialog.js';
import { useSearch } from './use-search.js';

/** The open search dialog, with its state. */
export function Search({ baseUrl, onClose }: { baseUrl: string; onClose: () => void }): ReactElement {
  const search = useSearch(baseUrl);
  return (
    <SearchDialog
      query={search.query}
      onQuery={search.setQuery}
      scope={search.scope}
      onScope={search.setScope}
      services={search.services}
      status={search.status}
      hits={search.hits}
      answered={search.answered}
      active={search.active}
      onActive={search.setActive}
      onClose={onClose}
      onRetry={search.retry}
    />
  );
}
