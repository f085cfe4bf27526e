import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { SearchOpenerProvider } from '../../search/context.js';
import type { Search as SearchDialog } from './Search.js';

type LoadedSearch = typeof SearchDialog;
/** The dialog's code (with Pagefind's loader and the hits' shaping), loaded the first time search opens. */
let dialog: Promise<LoadedSearch> | undefined;
const loadDialog = (): Promise<LoadedSearch> => (dialog ??= import('./Search.js').then((module) => module.Search));

/** The dialog once its code is in: nothing shows until then (a moment, the first time only). */
function LazySearch({ baseUrl, onClose }: { baseUrl: string; onClose: () => void }): ReactElement | null {
  const [Search, setSearch] = useState<{ component: LoadedSearch } | undefined>(undefined);
  useEffect(() => {
    let live = true;
    loadDialog().then(
      (component) => {
        if (live) setSearch({ component });
      },
      (error: unknown) => {
        // A chunk that cannot load (the site redeployed meanwhile, offline): the next open tries again.
        dialog = undefined;
        console.warn('specsite: the search dialog could not be loaded:', error);
        if (live) onClose();
      },
    );
    return () => {
      live = false;
    };
  }, [onClose]);
  return Search ? <Search.component baseUrl={baseUrl} onClose={onClose} /> : null;
}

/** Keys that are typing, not a shortcut: `/` in a field is a slash. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The site's search: the buttons (navbar, mobile menu) and the shortcuts `/` and Ctrl+K (⌘K) open
 * the dialog; closing it gives the focus back to what had it (the button, most often).
 */
export function SearchProvider({ baseUrl, children }: { baseUrl: string; children: ReactNode }): ReactElement {
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => setReady(true), []);

  const show = useCallback(() => {
    if (!wasOpen.current)
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  }, []);
  const hide = useCallback(() => setOpen(false), []);

  // As soon as the dialog is gone from the page (while it is open, the page behind it takes no focus).
  useLayoutEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const back = returnTo.current?.isConnected
      ? returnTo.current
      : document.querySelector<HTMLElement>('[data-search-button]');
    back?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const shortcut =
        (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target)) ||
        (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey);
      if (!shortcut || event.defaultPrevented) return;
      event.preventDefault();
      show();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [show]);

  const opener = useMemo(() => ({ ready, open: show }), [ready, show]);
  return (
    <SearchOpenerProvider value={opener}>
      {children}
      {open ? <LazySearch baseUrl={baseUrl} onClose={hide} /> : null}
    </SearchOpenerProvider>
  );
}
