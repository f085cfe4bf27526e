/**
 * On an API reference page, marks in the sidebar the operation being read, opens its tag and keeps
 * its entry in the sidebar's view (scrolling the sidebar, never the page). Attached again after each
 * client-side navigation, since the page's body is replaced.
 */
export const CURRENT_CLASS = 'api-nav-current';
/** On the root once the client has started: the reference's sections are laid out in full (see api-panes.css). */
export const LAID_OUT_CLASS = 'api-laid-out';

/** The top of the window below the navbar, down to this share of its height, is where an operation is "being read". */
const READING_BAND = 0.35;
/** An operation scrolled to sits this far below the navbar (its scroll-margin): the one above it ends in between. */
const BELOW_NAVBAR = 24;

let detach: (() => void) | undefined;

/** Follows the reading on this page, then has the reference laid out in full. */
export function attachApiScrollNav(): void {
  followReading();
  // Laid out in full from a later frame on: after the measures above (read after it, they would make
  // this script lay out the whole page), and after the first paint, which it would hold back.
  afterFirstPaint(() => document.documentElement.classList.add(LAID_OUT_CLASS));
}

const FIRST_PAINT = 'first-contentful-paint';

function afterFirstPaint(then: () => void): void {
  const painted = (): boolean => performance.getEntriesByName(FIRST_PAINT).length > 0;
  if (painted() || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return then();
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint' });
}

function followReading(): void {
  detach?.();
  detach = undefined;
  performance.mark('specsite:api-scroll-nav-start');
  const nav = document.querySelector<HTMLElement>('.api-sidebar-container .api-nav');
  if (!nav || typeof IntersectionObserver !== 'function') return;
  const links = new Map<string, HTMLAnchorElement>();
  for (const link of nav.querySelectorAll<HTMLAnchorElement>('a.api-nav-operation')) {
    if (link.pathname === window.location.pathname && link.hash.length > 1) links.set(decodeHash(link.hash), link);
  }
  // Callbacks' operations are nested in their operation's text and have no entry of their own.
  const sections = [...document.querySelectorAll<HTMLElement>('.api-tag > .api-operation')].filter((s) =>
    links.has(s.id),
  );
  if (sections.length === 0) return;
  const order = new Map(sections.map((s, index) => [s as Element, index]));
  const inBand = new Set<Element>();
  let current: HTMLAnchorElement | undefined;
  let autoOpened: HTMLDetailsElement | undefined;

  const mark = (link: HTMLAnchorElement): void => {
    if (link === current) return;
    if (current) {
      current.classList.remove(CURRENT_CLASS);
      current.removeAttribute('aria-current');
    }
    current = link;
    link.classList.add(CURRENT_CLASS);
    link.setAttribute('aria-current', 'location');
    const group = link.closest('details');
    if (group !== autoOpened && autoOpened?.open) autoOpened.open = false;
    autoOpened = undefined;
    // Only a tag the client opened closes again when reading moves on; one the reader opened stays.
    if (group && !group.open) {
      group.open = true;
      autoOpened = group;
    }
    keepInView(nav, link);
  };

  const navbar = document.querySelector('.navbar')?.getBoundingClientRect().height ?? 0;
  const observer = new IntersectionObserver(
    (entries) => {
      const start = performance.now();
      for (const entry of entries) {
        if (entry.isIntersecting) inBand.add(entry.target);
        else inBand.delete(entry.target);
      }
      let first: Element | undefined;
      for (const section of inBand) {
        if (first === undefined || (order.get(section) ?? 0) < (order.get(first) ?? 0)) first = section;
      }
      const link = first && links.get(first.id);
      if (link) mark(link);
      performance.measure('specsite:api-scroll-nav-update', { start });
    },
    { rootMargin: `-${Math.round(navbar + BELOW_NAVBAR)}px 0px -${Math.round((1 - READING_BAND) * 100)}% 0px` },
  );
  for (const section of sections) observer.observe(section);
  // Measured on the largest references (thousands of operations): it must stay far from a long task.
  performance.measure('specsite:api-scroll-nav', 'specsite:api-scroll-nav-start');
  detach = () => {
    observer.disconnect();
    current?.classList.remove(CURRENT_CLASS);
    current?.removeAttribute('aria-current');
  };
}

/** Scrolls the sidebar (not the page) so that `link` is inside its visible box, a third of the way down. */
function keepInView(nav: HTMLElement, link: HTMLElement): void {
  const box = nav.getBoundingClientRect();
  if (box.height === 0) return;
  const entry = link.getBoundingClientRect();
  if (entry.top >= box.top && entry.bottom <= box.bottom) return;
  nav.scrollTop += entry.top - box.top - box.height / 3;
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
