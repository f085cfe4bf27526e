import { linkRoute, prefetchAllowed, prefetchRoute } from './routes.js';

/** Links in the page's main content are prefetched once they scroll into view; the rest on hover. */
const MAX_VISIBLE_PREFETCHES = 12;

let observer: IntersectionObserver | undefined;

/** Watches the current page's content links; called after every page render. */
export function prefetchVisibleLinks(baseUrl: string): void {
  observer?.disconnect();
  if (!prefetchAllowed() || typeof IntersectionObserver !== 'function') return;
  let budget = MAX_VISIBLE_PREFETCHES;
  const here = window.location.pathname + window.location.search;
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer?.unobserve(entry.target);
      const path = linkRoute(entry.target, baseUrl)?.path;
      if (path !== undefined && path !== here && budget-- > 0) prefetchRoute(path);
    }
  });
  for (const link of document.querySelectorAll('main a[href]')) observer.observe(link);
}
