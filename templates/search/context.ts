import { createContext, useContext } from 'react';

/** What the search buttons ask of the client's search (see templates/client/search/SearchProvider.tsx). */
export interface SearchOpener {
  /** False on the server and until the client has started: the buttons stay disabled, as without JavaScript. */
  ready: boolean;
  open: () => void;
}

const SearchContext = createContext<SearchOpener>({ ready: false, open: () => undefined });

export const SearchOpenerProvider = SearchContext.Provider;

export function useSearchOpener(): SearchOpener {
  return useContext(SearchContext);
}
