import { createHash } from 'node:crypto';
import { headScript } from '../../templates/head-script.js';
import type { SiteModel } from '../../templates/model.js';

/** A page's head, where its inline script is, lies within its first characters. */
export const PAGE_HEAD_CHARS = 64 * 1024;

/**
 * The head script is the generator's constant code called with one JSON object of settings. Its
 * code before the settings, found from a sample, is the same on every page of every site.
 */
const PREFIX = (() => {
  const sample = headScript({
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
    announcementBar: undefined,
    baseUrl: '/',
  });
  return sample.slice(0, sample.indexOf('})({') + '})('.length);
})();

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of a page that are exactly the generator's
 * head script for some settings: the page's own, whatever config it was built with or the path it
 * is served from. Any other inline script, such as one a page's text smuggled in, stays blocked.
 */
export function headScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const text of scriptTexts(html.slice(0, PAGE_HEAD_CHARS))) {
    if (isHeadScript(text)) sources.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}

/**
 * The text of each `<script …>…</script>` in one linear pass. The site's HTML comes from React,
 * which never puts a script's end tag in its text; and whatever a loose scan picks up is allowed
 * only when it is the head script exactly, so a page that fools it can allow nothing but the
 * generator's own code.
 */
function* scriptTexts(html: string): Generator<string> {
  const lower = html.toLowerCase();
  for (let at = lower.indexOf('<script'); at !== -1; at = lower.indexOf('<script', at)) {
    const open = lower.indexOf('>', at);
    const close = open === -1 ? -1 : lower.indexOf('</script', open);
    if (close === -1) return;
    yield html.slice(open + 1, close);
    at = close + '</script'.length;
  }
}

/** True when `text` is what `headScript` writes for the settings it carries. */
export function isHeadScript(text: string): boolean {
  if (!text.startsWith(PREFIX) || !text.endsWith(');')) return false;
  let settings: unknown;
  try {
    settings = JSON.parse(text.slice(PREFIX.length, -2));
  } catch {
    return false;
  }
  const site = siteOf(settings);
  return site !== undefined && headScript(site) === text;
}

/** The parts of a site model the head script reads, from the settings it was given. */
function siteOf(settings: unknown): Pick<SiteModel, 'colorMode' | 'announcementBar' | 'baseUrl'> | undefined {
  if (typeof settings !== 'object' || settings === null) return undefined;
  const { fallback, system, bar, base } = settings as Record<string, unknown>;
  if (
    (fallback !== 'light' && fallback !== 'dark') ||
    typeof system !== 'boolean' ||
    (bar !== null && typeof bar !== 'string') ||
    typeof base !== 'string'
  )
    return undefined;
  return {
    colorMode: { defaultMode: fallback, disableSwitch: false, respectPrefersColorScheme: system },
    announcementBar:
      bar === null ? undefined : { id: bar, html: '', backgroundColor: '', textColor: '', isCloseable: true },
    baseUrl: base,
  };
}
