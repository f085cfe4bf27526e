/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The reader's browser: hydrates the server-rendered pages and adds the behaviours the README lists
 * (In the reader's browser).
 * The server's HTML is complete without it; every page still reads, links and shows its code.
 */
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.js';
import { attachApiScrollNav, installApiParts, loadNamedPart } from './api-lazy.js';
import { installCollapsibles } from './collapsible.js';
import { installCopyButtons } from './copy-buttons.js';
import { installDropdowns } from './dropdowns.js';
import { followMovedAnchor } from './moved-anchor.js';
import { installModelsFilter, showModelsFilter } from './models-filter.js';
import { installPageMenu } from './page-menu.js';
import { clearMissingPreferredVersions, installPreferredVersion } from './preferred-version.js';
import { readRouteDocument } from './route-document.js';
import { stripIndexHtml } from './routes.js';
import { installTabs, setUpTabs } from './tabs.js';
import { revealSidebarEntry } from './sidebar-reveal.js';
import { installTocCollapsible } from './toc-collapsible.js';
import { attachTocScroll } from './toc-scroll.js';
import { withSiteModel } from './site-data.js';
import { siteRoot } from './site-elements.js';
import { prefetchVisibleLinks } from './visible-prefetch.js';

const idle: (callback: () => void) => void =
  typeof requestIdleCallback === 'function'
    ? (callback) => requestIdleCallback(callback, { timeout: 2000 })
    : (callback) => setTimeout(callback, 200);

function start(): void {
  const clean = stripIndexHtml(window.location.pathname);
  if (clean !== window.location.pathname)
    window.history.replaceState(window.history.state, '', clean + window.location.search + window.location.hash);
  followMovedAnchor();
  window.addEventListener('hashchange', followMovedAnchor);
  window.addEventListener('hashchange', loadNamedPart);
  installDropdowns();
  installCollapsibles();
  installCopyButtons();
  installPreferredVersion();
  installTabs();
  installPageMenu();
  installTocCollapsible();
  installModelsFilter();
  showModelsFilter();

  const root = siteRoot(document);
  const baseUrl = root?.getAttribute('data-base-url');
  installApiParts();
  revealSidebarEntry();
  if (!root || !baseUrl) {
    attachApiScrollNav();
    attachTocScroll();
    return;
  }
  const initial = readRouteDocument(document, clean + window.location.search);
  const onRendered = (): void => {
    // A link into a split API reference may name an operation that moved to another page.
    followMovedAnchor();
    clearMissingPreferredVersions();
    showModelsFilter();
    setUpTabs();
    installApiParts();
    attachApiScrollNav();
    attachTocScroll();
    revealSidebarEntry();
    idle(() => prefetchVisibleLinks(baseUrl));
  };
  // After the first frame and once the site model is in, in a task of its own: the server's page
  // paints without waiting for either. Without the model the page stays as the server made it.
  const firstFrame = new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  Promise.all([withSiteModel(initial), firstFrame]).then(
    () =>
      setTimeout(() => {
        performance.mark('specsite:hydrate-start');
        hydrateRoot(root, <App initial={initial} baseUrl={baseUrl} onRendered={onRendered} />);
        performance.measure('specsite:hydrate', 'specsite:hydrate-start');
      }, 0),
    (error: unknown) => console.warn('specsite: the page works without its client, which could not start:', error),
  );
}

start();
