/**
 * On a docs page, marks in the table of contents the section being read: the last heading scrolled
 * past the top tenth of the window below the navbar (where following its entry puts it); once the
 * page can scroll no further, the last heading in view, since the last sections may be too short to
 * ever reach the top. Attached again after each client-side navigation: the page's body is replaced.
 */
export const TOC_CURRENT_CLASS = 'toc-current';

/**
 * A heading above this share of the window below the navbar starts the section being read. Small
 * enough that the heading an entry scrolls to (just below the navbar) is marked, not a subheading
 * right after it.
 */
const READING_LINE = 0.1;

let detach: (() => void) | undefined;

export function attachTocScroll(): void {
  detach?.();
  detach = undefined;
  const toc = document.querySelector<HTMLElement>('.docs-toc-container .table-of-contents');
  if (!toc) return;
  const entries: Array<{ heading: HTMLElement; link: HTMLAnchorElement }> = [];
  for (const link of toc.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
    const heading = document.getElementById(decodeHash(link.hash));
    if (heading) entries.push({ heading, link });
  }
  if (entries.length === 0) return;
  const navbar = document.querySelector<HTMLElement>('.navbar');
  let current: HTMLAnchorElement | undefined;
  let frame = 0;

  const mark = (link: HTMLAnchorElement | undefined): void => {
    if (link === current) return;
    current?.classList.remove(TOC_CURRENT_CLASS);
    current?.removeAttribute('aria-current');
    current = link;
    link?.classList.add(TOC_CURRENT_CLASS);
    link?.setAttribute('aria-current', 'location');
  };

  // One pass per frame at most, reading every position before writing anything, so that a scroll
  // never makes the browser lay the page out twice.
  const update = (): void => {
    frame = 0;
    const top = navbar?.getBoundingClientRect().bottom ?? 0;
    const height = window.innerHeight;
    const tops = entries.map((entry) => entry.heading.getBoundingClientRect().top);
    const atBottom = window.scrollY > 0 && window.scrollY + height >= document.documentElement.scrollHeight - 2;
    const line = atBottom ? height : top + (height - top) * READING_LINE;
    let index = -1;
    tops.forEach((at, i) => {
      if (at < line) index = i;
    });
    mark(entries[index]?.link);
  };
  const schedule = (): void => {
    if (frame === 0) frame = requestAnimationFrame(update);
  };

  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
  schedule();
  detach = () => {
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
    if (frame !== 0) cancelAnimationFrame(frame);
    mark(undefined);
  };
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
