import { createHash } from 'node:crypto';

/** A page's head, where its inline script is, lies within its first characters. */
export const PAGE_HEAD_CHARS = 64 * 1024;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of a page that are exactly the generator's
 * head script, `headScript` (its settings are JSON in an attribute, so its code is the same on
 * every page of every site). Any other inline script, such as one a page's text smuggled in, stays
 * blocked.
 */
export function headScriptSources(html: string, headScript: string): string[] {
  for (const text of scriptTexts(html.slice(0, PAGE_HEAD_CHARS))) {
    if (text === headScript) return [`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`];
  }
  return [];
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
