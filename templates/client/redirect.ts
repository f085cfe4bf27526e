/// <reference lib="dom" />
import type { HeadSettings } from '../hooks/head-settings.js';

/**
 * Sends the reader of an old route's redirect page on to the new page, keeping the address's hash:
 * to the page that holds the id it names when that differs. Runs in the head script, so the old
 * page never paints. Only a path of this site is followed.
 */
export function followRedirect(moved: NonNullable<HeadSettings['moved']>): void {
  let id = '';
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch {
    id = '';
  }
  const own = id !== '' && Object.prototype.hasOwnProperty.call(moved.anchors, id) ? moved.anchors[id] : undefined;
  const target = own ?? moved.to + location.hash;
  if (target.charAt(0) === '/' && target.charAt(1) !== '/' && target.indexOf('\\') === -1) location.replace(target);
}
