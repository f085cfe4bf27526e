import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { Layout, type PageHtml } from '../Layout.js';
import type { SiteModel } from '../model.js';
import { isMenuEntry } from '../navbar/Navbar.js';
import { SiteProvider } from '../site-context.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { PageLoader } from './PageLoader.js';
import { configureProgress, finishProgress, startProgress } from './progress.js';
import { decodePageData, updateHead, type RouteDocument } from './route-document.js';
import { setSidebarSource } from './lazy-sidebar.js';
import { linkRoute, loadRoute, prefetchRoute, routeUrl } from './routes.js';
import { SearchProvider } from './search/SearchProvider.js';
import { siteModel } from './site-data.js';
import { siteRoot } from './site-elements.js';

type Decoded = { ok: true; data: { route: string; site: SiteModel } } | { ok: false; error: unknown };

/** A page's route and the site model it names (loaded with the page, see `withSiteModel`). */
function decode(page: RouteDocument): Decoded {
  try {
    const { route, siteData } = decodePageData(page);
    const site = siteModel(siteData);
    if (!site)
      throw new Error(`The site data of the page ${page.url} has not loaded`, {
        cause: new Error(`${siteData} is not in memory`),
      });
    return { ok: true, data: { route, site } };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Throws inside the error boundary, so a page whose data cannot be read shows the crash page. */
function Route({
  decoded,
  html,
  pending,
  onRetry,
}: {
  decoded: Decoded;
  html: PageHtml;
  pending: Pending | undefined;
  onRetry: () => void;
}): ReactElement {
  if (!decoded.ok) throw decoded.error;
  const { site, route } = decoded.data;
  return (
    <SiteProvider value={site}>
      {pending ? (
        <Layout site={site} route={route}>
          <PageLoader error={pending.error} delay={site.client.progressBar.delay} onRetry={onRetry} />
        </Layout>
      ) : (
        <Layout site={site} route={route} pageHtml={html} />
      )}
    </SiteProvider>
  );
}

interface Pending {
  url: string;
  error: string | undefined;
}

type HistoryState = { scroll?: number } | null;

function saveScroll(): void {
  window.history.replaceState({ ...(window.history.state as object | null), scroll: window.scrollY }, '');
}

function scrollToHash(hash: string): boolean {
  let id = '';
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return false;
  }
  const target = id ? document.getElementById(id) : null;
  target?.scrollIntoView();
  return target !== null;
}

/**
 * The hydrated site: the server's page inside the client's layout. Links to other pages of the site
 * load them without a full reload; the browser's back and forward buttons work as before.
 */
export function App({
  initial,
  baseUrl,
  onRendered,
}: {
  initial: RouteDocument;
  baseUrl: string;
  onRendered: () => void;
}): ReactElement {
  const [page, setPage] = useState(initial);
  const [pending, setPending] = useState<Pending | undefined>(undefined);
  const decoded = useMemo(() => decode(page), [page]);
  const current = useRef(initial.url);
  const navigation = useRef(0);
  const afterRender = useRef<(() => void) | undefined>(undefined);
  const first = useRef(true);

  const show = useCallback((next: RouteDocument, then: () => void): void => {
    current.current = next.url;
    afterRender.current = then;
    setPending(undefined);
    setPage(next);
  }, []);

  useLayoutEffect(() => {
    if (decoded.ok) {
      configureProgress(decoded.data.site.client.progressBar);
      setSidebarSource(decoded.data.site.sidebar, decoded.data.route);
    }
    finishProgress();
    if (first.current) first.current = false;
    else updateHead(page);
    afterRender.current?.();
    afterRender.current = undefined;
    onRendered();
  }, [page, decoded, onRendered]);

  /** A followed link: the current page stays until the next one has loaded; if it cannot load, the browser loads it. */
  const navigate = useCallback(
    (url: URL, path: string): void => {
      const token = ++navigation.current;
      startProgress();
      loadRoute(path).then(
        (next) => {
          if (token !== navigation.current) return;
          saveScroll();
          const entry = { scroll: 0 };
          if (isMenuEntry(window.history.state)) window.history.replaceState(entry, '', path + url.hash);
          else window.history.pushState(entry, '', path + url.hash);
          show(next, () => {
            if (!url.hash || !scrollToHash(url.hash)) window.scrollTo(0, 0);
            siteRoot(document)?.focus({ preventScroll: true });
          });
        },
        () => {
          if (token === navigation.current) window.location.assign(path + url.hash);
        },
      );
    },
    [show],
  );

  /** Back or forward: the address already changed, so a page not in memory shows the page loader. */
  const visit = useCallback(
    (path: string, scroll: number | undefined, fresh = false): void => {
      const token = ++navigation.current;
      let settled = false;
      loadRoute(path, { fresh }).then(
        (next) => {
          settled = true;
          if (token === navigation.current) show(next, () => window.scrollTo(0, scroll ?? 0));
        },
        (error: unknown) => {
          settled = true;
          if (token === navigation.current)
            setPending({ url: path, error: error instanceof Error ? error.message : String(error) });
        },
      );
      // A page in memory resolves before this runs: it never shows the loader.
      queueMicrotask(() => {
        if (!settled && token === navigation.current) setPending({ url: path, error: undefined });
      });
    },
    [show],
  );

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onClick = (event: MouseEvent): void => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || (link.getAttribute('target') ?? '_self') !== '_self' || link.hasAttribute('download')) return;
      const target = linkRoute(link, baseUrl);
      if (!target) return;
      const { url, path } = target;
      // The page itself: an anchor is the browser's to scroll to; a plain link goes back to the top.
      if (path === current.current) {
        if (!url.hash) {
          event.preventDefault();
          window.scrollTo(0, 0);
        }
        return;
      }
      event.preventDefault();
      navigate(url, path);
    };
    const onPop = (event: PopStateEvent): void => {
      const path = routeUrl(new URL(window.location.href), baseUrl);
      // The same page: a hash change, or the mobile menu's own history entry.
      if (path === undefined || path === current.current) return;
      current.current = path;
      visit(path, (event.state as HistoryState)?.scroll);
    };
    const onHover = (event: Event): void => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      const path = link ? linkRoute(link, baseUrl)?.path : undefined;
      if (path !== undefined && path !== current.current) prefetchRoute(path);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('mouseover', onHover, { passive: true });
    document.addEventListener('focusin', onHover);
    window.addEventListener('popstate', onPop);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('mouseover', onHover);
      document.removeEventListener('focusin', onHover);
      window.removeEventListener('popstate', onPop);
    };
  }, [baseUrl, navigate, visit]);

  const retryPending = useCallback(() => {
    if (pending) visit(pending.url, undefined, true);
  }, [pending, visit]);
  // "Try again" reads the page afresh; if even that fails, the browser loads it.
  const tryAgain = useCallback(() => {
    loadRoute(page.url, { fresh: true }).then(
      (next) => show(next, () => undefined),
      () => window.location.reload(),
    );
  }, [page, show]);

  return (
    <ErrorBoundary resetKey={page} onTryAgain={tryAgain}>
      <SearchProvider baseUrl={baseUrl}>
        <Route decoded={decoded} html={page.html} pending={pending} onRetry={retryPending} />
      </SearchProvider>
    </ErrorBoundary>
  );
}
