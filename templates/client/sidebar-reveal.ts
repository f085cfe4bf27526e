/**
 * On a docs page, scrolls the docs sidebar's own box (never the page) so that the current page's
 * entry is in view: in a long sidebar it would otherwise sit below the fold. Run when the page
 * loads and after each client-side navigation; an entry already in view stays where it is, so the
 * sidebar does not jump under the reader who just clicked in it.
 */
export function revealSidebarEntry(): void {
  const sidebar = document.querySelector<HTMLElement>('.docs-sidebar-container .docs-sidebar');
  const entry = sidebar?.querySelector<HTMLElement>('.sidebar-link.active');
  if (!sidebar || !entry) return;
  const box = sidebar.getBoundingClientRect();
  // Hidden (the mobile layout keeps the sidebar in the menu) or not a scroll box of its own.
  if (box.height === 0 || sidebar.scrollHeight <= sidebar.clientHeight) return;
  const at = entry.getBoundingClientRect();
  if (at.top >= box.top && at.bottom <= box.bottom) return;
  // A third of the way down, like the API sidebar's entry (api-scroll-nav.ts): the entries before it stay in sight.
  sidebar.scrollTop += at.top - box.top - box.height / 3;
}
