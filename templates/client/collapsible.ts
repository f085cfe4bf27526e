import { LAZY_LIST_ATTRIBUTE } from '../docs/Sidebar.js';
import { fillLazyList } from './lazy-sidebar.js';

/**
 * How long a panel of this height takes to open or close: taller content moves longer, but less than
 * proportionally (the curve Material UI and Docusaurus use for auto-height transitions).
 */
export function autoHeightDuration(height: number): number {
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

const running = new WeakMap<HTMLDetailsElement, () => void>();

function animate(details: HTMLDetailsElement, panel: HTMLElement, opening: boolean): void {
  running.get(details)?.();
  if (opening) details.open = true;
  const height = panel.scrollHeight;
  const duration = autoHeightDuration(height);
  panel.style.overflow = 'hidden';
  panel.style.height = `${opening ? 0 : height}px`;
  panel.getBoundingClientRect();
  panel.style.transition = `height ${duration}ms ease-in-out`;
  panel.style.height = `${opening ? height : 0}px`;
  const finish = (): void => {
    running.delete(details);
    panel.removeEventListener('transitionend', finish);
    clearTimeout(fallback);
    if (!opening) details.open = false;
    panel.style.removeProperty('height');
    panel.style.removeProperty('overflow');
    panel.style.removeProperty('transition');
  };
  // transitionend does not fire when the panel is hidden or the tab is in the background.
  const fallback = setTimeout(finish, duration + 50);
  panel.addEventListener('transitionend', finish);
  running.set(details, finish);
}

/**
 * Sidebar categories are native disclosures (they work without JavaScript); the client animates
 * them open and closed with a duration derived from the content height. A click on a
 * category's own link follows the link instead. A lazy category's entries are rendered as it opens.
 */
export function installCollapsibles(): void {
  document.addEventListener('click', (event) => {
    const summary = (event.target as Element | null)?.closest?.('details[data-collapsible] > summary');
    if (!summary || (event.target as Element).closest('a[href]')) return;
    const details = summary.parentElement as HTMLDetailsElement;
    const panel = details.querySelector<HTMLElement>(':scope > :not(summary)');
    if (panel?.hasAttribute(LAZY_LIST_ATTRIBUTE) && !details.open) {
      // In the mobile menu, a live component, the category renders its own entries when it opens.
      if (!panel.closest('.page-wrapper')) return;
      fillLazyList(panel);
    }
    if (!panel || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    event.preventDefault();
    animate(details, panel, !details.open);
  });
}
