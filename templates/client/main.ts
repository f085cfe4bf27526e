/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The reader's browser: small progressive enhancements over the static HTML. Everything here is
 * optional; without it every page still reads, links and shows its code.
 */
const THEME_KEY = 'theme';

function storage(): Storage | undefined {
  try {
    const probe = '__specsite__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    console.warn('Browser storage is unavailable: preferences such as the colour mode will not be remembered.');
    return undefined;
  }
}

function setTheme(theme: 'light' | 'dark', store: Storage | undefined): void {
  document.documentElement.setAttribute('data-theme', theme);
  store?.setItem(THEME_KEY, theme);
}

function initColorMode(store: Storage | undefined): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-color-mode-toggle]')) {
    button.disabled = false;
    button.addEventListener('click', () => setTheme(document.documentElement.getAttribute('data-theme') === 'dark' ? 'light' : 'dark', store));
  }
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_KEY && (event.newValue === 'light' || event.newValue === 'dark')) document.documentElement.setAttribute('data-theme', event.newValue);
  });
}

function initCopyButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('.copy-button');
    const code = button?.parentElement?.querySelector('pre code');
    if (!button || !code) return;
    void navigator.clipboard?.writeText(code.textContent ?? '').then(() => {
      button.textContent = 'Copied';
      setTimeout(() => (button.textContent = 'Copy'), 1500);
    });
  });
}

function initDropdowns(): void {
  document.addEventListener('click', (event) => {
    for (const details of document.querySelectorAll<HTMLDetailsElement>('details[data-dropdown][open]')) {
      if (!details.contains(event.target as Node)) details.open = false;
    }
  });
}

function initMobileMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-mobile-menu-toggle]');
  button?.addEventListener('click', () => {
    const open = document.body.classList.toggle('mobile-menu-open');
    button.setAttribute('aria-expanded', String(open));
  });
}

/**
 * A large API reference is split into a page per tag; its overview keeps an element for every
 * operation's old anchor, naming where the operation now lives, so deep links keep working.
 */
function followMovedAnchor(): void {
  let id = '';
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return;
  }
  const target = id ? document.getElementById(id)?.getAttribute('data-moved-to') : null;
  if (target) window.location.replace(target);
}

function main(): void {
  followMovedAnchor();
  window.addEventListener('hashchange', followMovedAnchor);
  const store = storage();
  initColorMode(store);
  initCopyButtons();
  initDropdowns();
  initMobileMenu();
}

main();
