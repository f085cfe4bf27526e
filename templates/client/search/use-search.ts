import { useCallback, useEffect, useRef, useState } from 'react';
import { ALL_RESULTS, type SearchHit, type SearchScope, type SearchStatus } from '../../search/model.js';
import { searchHits } from './hits.js';
import { loadSearch, type LoadedSearch } from './pagefind.js';

export interface SearchState {
  status: SearchStatus;
  services: string[];
  query: string;
  setQuery: (query: string) => void;
  scope: SearchScope;
  setScope: (scope: SearchScope) => void;
  hits: SearchHit[];
  answered: string;
  active: number;
  setActive: (index: number) => void;
  retry: () => void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The dialog's state: Pagefind loads as it opens; each change of the query or the scope searches,
 * and only the answer to the newest one is shown (an older answer arriving late is dropped).
 */
export function useSearch(baseUrl: string): SearchState {
  const [status, setStatus] = useState<SearchStatus>({ kind: 'loading' });
  const [loaded, setLoaded] = useState<LoadedSearch | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const [query, setQuery] = useState('');
  const [scope, setScope] = useState<SearchScope>(ALL_RESULTS);
  const [answer, setAnswer] = useState<{ answered: string; hits: SearchHit[] }>({ answered: '', hits: [] });
  const [active, setActive] = useState(0);
  const newest = useRef(0);

  useEffect(() => {
    let live = true;
    setStatus({ kind: 'loading' });
    loadSearch(baseUrl).then(
      (search) => {
        if (!live) return;
        setLoaded(search);
        setStatus({ kind: 'ready' });
      },
      (error: unknown) => {
        if (live) setStatus({ kind: 'failed', message: messageOf(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [baseUrl, attempt]);

  useEffect(() => {
    if (!loaded || status.kind !== 'ready') return;
    const token = ++newest.current;
    const term = query.trim();
    if (term === '') {
      setAnswer({ answered: query, hits: [] });
      return;
    }
    const started = performance.now();
    searchHits(loaded, term, scope).then(
      (hits) => {
        if (token !== newest.current) return;
        performance.measure('specsite:search', { start: started });
        setAnswer({ answered: query, hits });
        setActive(0);
      },
      (error: unknown) => {
        if (token === newest.current) setStatus({ kind: 'failed', message: messageOf(error) });
      },
    );
  }, [loaded, status, query, scope]);

  const retry = useCallback(() => {
    setLoaded(undefined);
    setAttempt((n) => n + 1);
  }, []);
  return {
    status,
    services: loaded?.services ?? [],
    query,
    setQuery,
    scope,
    setScope,
    hits: answer.hits,
    answered: answer.answered,
    active,
    setActive,
    retry,
  };
}
