import type { SiteModel } from '../model.js';

/**
 * What the head script (`templates/client/head.ts`) is told about the site: the only part of it
 * that differs between sites. It travels as JSON in the script element's `data-settings`, so the
 * script's code is the same on every page of every site and a CSP can name it by one hash.
 */
export interface HeadSettings {
  /** The colour mode when none is stored (and the system's is not followed). */
  fallback: 'light' | 'dark';
  /** Follow `prefers-color-scheme` when no mode is stored. */
  system: boolean;
  /** The id of a closeable announcement bar, whose stored dismissal hides it before first paint. */
  bar: string | null;
  /** The base URL the site was built for. */
  base: string;
  /**
   * On the redirect page of an old route only: the page it went to, and where each id the old page
   * held is now (site paths with their hash), so `old/#getBucket` lands on the operation.
   */
  moved?: { to: string; anchors: Record<string, string> };
}

/** The wrong-base-URL banner (rendered hidden by Document), which the head script shows. */
export const BASE_URL_ISSUE_ID = 'base-url-issue';

export function headSettings(site: Pick<SiteModel, 'colorMode' | 'announcementBar' | 'baseUrl'>): HeadSettings {
  return {
    fallback: site.colorMode.defaultMode,
    system: site.colorMode.respectPrefersColorScheme,
    bar: site.announcementBar?.isCloseable ? site.announcementBar.id : null,
    base: site.baseUrl,
  };
}
