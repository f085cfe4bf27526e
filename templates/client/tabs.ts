import { readStored, writeStored } from '../hooks/storage.js';

/**
 * Tabs rendered by `templates/api/Tabs.tsx`: the server shows every panel under its label; here they
 * become a tablist (WAI-ARIA's tabs pattern, selection following focus). A remembered choice (the
 * sample language) is stored and applied to every tabs of its key, on this page and the next ones.
 */
const TABS = '[data-tabs]';
const READY = 'data-tabs-ready';

function tabsOf(root: Element): HTMLButtonElement[] {
  return [...root.querySelectorAll<HTMLButtonElement>(':scope > .tabs-list > [role="tab"]')];
}

function panelsOf(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(':scope > .tabs-panel')];
}

function select(root: Element, index: number): void {
  const panels = panelsOf(root);
  tabsOf(root).forEach((tab, at) => {
    const chosen = at === index;
    tab.setAttribute('aria-selected', String(chosen));
    tab.tabIndex = chosen ? 0 : -1;
    const panel = panels[at];
    if (panel) panel.hidden = !chosen;
  });
}

/** Selects the first tab of `key` in every tabs remembering `group` that has one. */
function applyChoice(scope: ParentNode, group: string, key: string): void {
  for (const root of scope.querySelectorAll(`${TABS}[data-tabs-remember="${CSS.escape(group)}"]`)) {
    const index = tabsOf(root).findIndex((tab) => tab.dataset.tab === key);
    if (index !== -1) select(root, index);
  }
}

/** Turns the server's panels into tabs: once per tabs, on the first page and after each navigation. */
export function setUpTabs(scope: ParentNode = document): void {
  const groups = new Set<string>();
  for (const root of scope.querySelectorAll<HTMLElement>(`${TABS}:not([${READY}])`)) {
    const list = root.querySelector<HTMLElement>(':scope > .tabs-list');
    if (!list) continue;
    panelsOf(root).forEach((panel, at) => {
      panel.setAttribute('role', 'tabpanel');
      const tab = tabsOf(root)[at];
      if (tab) panel.setAttribute('aria-labelledby', tab.id);
    });
    list.hidden = false;
    root.setAttribute(READY, '');
    select(root, 0);
    const group = root.dataset.tabsRemember;
    if (group) groups.add(group);
  }
  for (const group of groups) {
    const stored = readStored(group);
    if (stored) applyChoice(scope, group, stored);
  }
}

function choose(tab: HTMLButtonElement): void {
  const root = tab.closest<HTMLElement>(TABS);
  if (!root) return;
  const group = root.dataset.tabsRemember;
  const key = tab.dataset.tab;
  if (!group || key === undefined) {
    select(root, tabsOf(root).indexOf(tab));
    return;
  }
  // Other operations' tabs change height too: the chosen tab stays where the reader sees it.
  const before = tab.getBoundingClientRect().top;
  select(root, tabsOf(root).indexOf(tab));
  applyChoice(document, group, key);
  window.scrollBy(0, tab.getBoundingClientRect().top - before);
  writeStored(group, key);
}

const KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

export function installTabs(): void {
  setUpTabs();
  document.addEventListener('click', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLButtonElement>(`${TABS} > .tabs-list > [role="tab"]`);
    if (tab) choose(tab);
  });
  document.addEventListener('keydown', (event) => {
    const move = KEYS[event.key];
    const tab = (event.target as Element | null)?.closest?.<HTMLButtonElement>(`${TABS} > .tabs-list > [role="tab"]`);
    const root = tab?.closest(TABS);
    if (!move || !tab || !root) return;
    const tabs = tabsOf(root);
    const next = tabs[move(tabs.indexOf(tab), tabs.length)];
    if (!next) return;
    event.preventDefault();
    next.focus();
    choose(next);
  });
}
