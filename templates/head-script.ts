import { STORAGE_KEYS } from './hooks/storage.js';
import type { SiteModel } from './model.js';

/**
 * Runs in `<head>` before first paint, so that a stored dark mode never flashes light and a dismissed
 * announcement bar never flashes visible. It also marks the document as scripted (`js`), so CSS hides
 * only what the client can bring back (the mobile menu), and shows the wrong-base-URL banner, which
 * must work even when the bundle and stylesheet fail to load from the wrong path. It is the project's
 * own constant code with JSON-encoded settings, never content; the keys are the client's.
 */
/** The wrong-base-URL banner (rendered hidden by Document), which this script shows. */
export const BASE_URL_ISSUE_ID = 'base-url-issue';

export function headScript(site: Pick<SiteModel, 'colorMode' | 'announcementBar' | 'baseUrl'>): string {
  const settings = JSON.stringify({
    fallback: site.colorMode.defaultMode,
    system: site.colorMode.respectPrefersColorScheme,
    bar: site.announcementBar?.isCloseable ? site.announcementBar.id : null,
    base: site.baseUrl,
    banner: BASE_URL_ISSUE_ID,
    keys: { theme: STORAGE_KEYS.theme, dismissed: STORAGE_KEYS.announcementDismissed, id: STORAGE_KEYS.announcementId },
  }).replace(/</g, '\\u003c');
  return `(function(s){var d=document.documentElement,t,g=function(k){try{return localStorage.getItem(k)}catch(e){return null}};d.classList.add('js');t=g(s.keys.theme);if(t!=='dark'&&t!=='light')t=s.system&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':s.fallback;d.setAttribute('data-theme',t);if(s.bar!==null&&g(s.keys.dismissed)==='true'&&g(s.keys.id)===s.bar)d.setAttribute('data-announcement-dismissed','');if(location.pathname.indexOf(s.base)!==0)document.addEventListener('DOMContentLoaded',function(){var b=document.getElementById(s.banner);if(b)b.hidden=false})})(${settings});`;
}
