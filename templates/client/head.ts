/// <reference lib="dom" />
/**
 * Runs in `<head>` before first paint, so that a stored dark mode never flashes light and a dismissed
 * announcement bar never flashes visible. It warns once in the console when storage is unavailable
 * on every page load. It also marks the document as scripted (`js`), so CSS hides
 * only what the client can bring back (the mobile menu), and shows the wrong-base-URL banner, which
 * must work even when the bundle and stylesheet fail to load from the wrong path. Bundled on its own
 * (`generator/client/build.ts`) and inlined in every page; its settings are JSON beside it.
 */
import { BASE_URL_ISSUE_ID, type HeadSettings } from '../hooks/head-settings.js';
import { STORAGE_KEYS, STORAGE_WARNING, storageProbe } from '../hooks/storage.js';
import { followRedirect } from './redirect.js';

/** Storage may be blocked or throw on every call: the page then shows the defaults, and says so once, here. */
const storage = storageProbe();
if (!storage) console.warn(STORAGE_WARNING);

function stored(key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

const root = document.documentElement;
const settings = JSON.parse((document.currentScript as HTMLScriptElement).dataset.settings ?? '') as HeadSettings;
root.classList.add('js');
if (settings.moved) followRedirect(settings.moved);
let theme = stored(STORAGE_KEYS.theme);
if (theme !== 'dark' && theme !== 'light') {
  theme = settings.system && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : settings.fallback;
}
root.setAttribute('data-theme', theme);
if (
  settings.bar !== null &&
  stored(STORAGE_KEYS.announcementDismissed) === 'true' &&
  stored(STORAGE_KEYS.announcementId) === settings.bar
) {
  root.setAttribute('data-announcement-dismissed', '');
}
// Served from the wrong path, the stylesheet (linked under the base URL) does not load: that, or a
// page outside the base URL, shows the banner. Only the stylesheet tells for `baseUrl: /`, which
// every path starts with. The deferred bundle waits for the stylesheet, and DOMContentLoaded for it.
document.addEventListener('DOMContentLoaded', () => {
  const styled = getComputedStyle(root).getPropertyValue('--site-stylesheet').trim() === 'applied';
  if (styled && location.pathname.indexOf(settings.base) === 0) return;
  // The banner is a child of <body>: an element of the page's content may carry its id too.
  const banner = document.body.querySelector<HTMLElement>(`:scope > #${BASE_URL_ISSUE_ID}`);
  if (banner) banner.hidden = false;
});
