/**
 * A large API reference is split into a page per tag; its overview keeps an element for every
 * operation's old anchor, naming where the operation now lives, so deep links keep working.
 */
export function followMovedAnchor(): void {
  let id = '';
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return;
  }
  const target = id ? document.getElementById(id)?.getAttribute('data-moved-to') : null;
  if (target) window.location.replace(target);
}
