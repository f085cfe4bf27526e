import type { sitePage } from './moved-anchor.js';
import type { setUpTabs } from './tabs.js';

/**
 * What this module shares with the entry, handed over by it (api-lazy.ts) rather than imported:
 * this module is a chunk of its own, loaded by API pages only, and an import of the entry's
 * modules would put them in a chunk more that every page loads.
 */
export interface PartsContext {
  /** The site's root element (`siteRoot`), which names the base URL. */
  root: Element | null;
  sitePage: typeof sitePage;
  setUpTabs: typeof setUpTabs;
  /** The class of a fragment's body (`PART_BODY` of templates/api/PartDocument.tsx). */
  partBody: string;
}

/**
 * The stubs of a heavy reference page (templates/api/LazyStubs.tsx) get their section's body from
 * its fragment file as the reader nears them: a screen ahead of the window either way, and at once
 * for the one the address names. The body is moved into the stub itself, so the element a link, the
 * sidebar's reading marker or the browser's scroll anchoring holds stays the same.
 */
const STUB = 'main.api-main section.api-stub[data-api-part]';
/** Screens ahead of the window, above and below, where a stub starts loading. */
const AHEAD = '100% 0px 150% 0px';
const AT_ONCE = 4;

let observer: IntersectionObserver | undefined;
const queue: HTMLElement[] = [];
let running = 0;

/** Watches the stubs of the page shown; again after each client navigation, which replaces them. */
export function installApiParts(context: PartsContext): void {
  observer?.disconnect();
  observer = undefined;
  queue.length = 0;
  const { root } = context;
  const baseUrl = root?.getAttribute('data-base-url');
  const stubs = root ? [...root.querySelectorAll<HTMLElement>(STUB)] : [];
  if (!baseUrl || stubs.length === 0 || typeof IntersectionObserver !== 'function') return;
  const seen = new IntersectionObserver(
    (entries) => {
      for (const entry of entries)
        if (entry.isIntersecting) {
          seen.unobserve(entry.target);
          enqueue(entry.target as HTMLElement, baseUrl, context);
        }
    },
    { rootMargin: AHEAD },
  );
  observer = seen;
  const named = targetOf(stubs);
  if (named) {
    seen.unobserve(named);
    void load(named, baseUrl, context).then(() => {
      // Only while the address still names it: the reader may have gone on meanwhile.
      if (targetOf([named]) === named) named.scrollIntoView();
    });
  }
  for (const stub of stubs) if (stub !== named) seen.observe(stub);
}

/** Loads the stub the address names now (a link within the page was followed). */
export function loadNamedPart(context: PartsContext): void {
  const { root } = context;
  const baseUrl = root?.getAttribute('data-base-url');
  const named = root && baseUrl ? targetOf([...root.querySelectorAll<HTMLElement>(STUB)]) : undefined;
  if (!named || !baseUrl) return;
  observer?.unobserve(named);
  void load(named, baseUrl, context).then(() => {
    if (targetOf([named]) === named) named.scrollIntoView();
  });
}

function targetOf(stubs: HTMLElement[]): HTMLElement | undefined {
  let id = '';
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return undefined;
  }
  return id ? stubs.find((stub) => stub.id === id) : undefined;
}

function enqueue(stub: HTMLElement, baseUrl: string, context: PartsContext): void {
  queue.push(stub);
  pump(baseUrl, context);
}

function pump(baseUrl: string, context: PartsContext): void {
  while (running < AT_ONCE && queue.length > 0) {
    const stub = queue.shift() as HTMLElement;
    running++;
    void load(stub, baseUrl, context).finally(() => {
      running--;
      pump(baseUrl, context);
    });
  }
}

const loading = new WeakMap<HTMLElement, Promise<void>>();

/** Fetches a stub's fragment and moves its body in; on any failure the stub and its link stay. */
function load(stub: HTMLElement, baseUrl: string, context: PartsContext): Promise<void> {
  let found = loading.get(stub);
  if (!found) loading.set(stub, (found = fill(stub, baseUrl, context).catch(() => undefined)));
  return found;
}

async function fill(stub: HTMLElement, baseUrl: string, context: PartsContext): Promise<void> {
  const href = context.sitePage(stub.getAttribute('data-api-part') ?? '', baseUrl);
  if (!href) return;
  const response = await fetch(href, { credentials: 'same-origin' });
  if (!response.ok) return;
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  const section = doc.querySelector(`body > .api-layout > main > .${context.partBody} > section`);
  // Only the section the stub stands for, and only while the stub is still shown.
  if (!section || section.id !== stub.id || !stub.isConnected || !stub.hasAttribute('data-api-part')) return;
  const above = stub.getBoundingClientRect().top < 0;
  const height = stub.offsetHeight;
  const scrolled = window.scrollY;
  stub.removeAttribute('data-api-part');
  stub.className = section.className;
  stub.replaceChildren(...[...document.importNode(section, true).childNodes]);
  context.setUpTabs(stub);
  // A section growing above the window would push what the reader sees down. Browsers' scroll
  // anchoring keeps it in place, but not always (Chromium not while it keeps a fragment's target in
  // view after loading): then it is done here.
  if (above && window.scrollY === scrolled) window.scrollBy(0, stub.offsetHeight - height);
}
