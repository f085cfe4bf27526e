/// <reference lib="dom" />
/**
 * Runs in `<head>` before first paint, so that a stored dark mode never flashes light and a dismissed
 * announcement bar never flashes visible. It also marks the document as scripted (`js`), so CSS hides
 * only what the client can bring back (the mobile menu), and shows the wrong-base-URL banner, which
 * must work even when the bundle and stylesheet fail to load from the wrong path. Bundled on its own
 * (`generator/client/build.ts`) and inlined in every page; its settings are JSON beside it.
 */
import { BASE_URL_ISSUE_ID, type HeadSettings } from '../hooks/head-settings.js';
import { STORAGE_KEYS } from '../hooks/storage.js';

/** Storage may throw on every call; the page then shows the defaults (the client warns about it). */
function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

const root = document.documentElement;
const settings = JSON.parse((document.currentScript as HTMLScriptElement).dataset.settings ?? '') as HeadSettings;
root.classList.add('js');
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
if (location.pathname.indexOf(settings.base) !== 0) {
  document.addEventListener('DOMContentLoaded', () => {
    const banner = document.getElementById(BASE_URL_ISSUE_ID);
    if (banner) banner.hidden = false;
  });
}
