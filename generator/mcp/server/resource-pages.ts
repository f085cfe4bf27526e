import { invalidParams } from './protocol-error.js';

/** Resources per page of `resources/list`: the real site's list comes in four. */
export const PAGE_SIZE = 50;

const CURSOR = /^offset:([1-9]\d{0,8})$/;

/**
 * The page of `items` a cursor names (the first without one), and the cursor of the next page when
 * there is one. A cursor is opaque to the client (base64url of where the page starts) and the same
 * for the same list; one this server could not have given is `-32602`.
 */
export function pageOf<T>(items: readonly T[], cursor: string | undefined): { items: T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : offsetOf(cursor, items.length);
  const end = start + PAGE_SIZE;
  return { items: items.slice(start, end), ...(end < items.length && { nextCursor: cursorOf(end) }) };
}

function cursorOf(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

function offsetOf(cursor: string, length: number): number {
  const decoded = /^[A-Za-z0-9_-]{1,40}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('latin1') : '';
  const offset = Number(CURSOR.exec(decoded)?.[1] ?? Number.NaN);
  if (!(offset < length) || offset % PAGE_SIZE !== 0 || cursorOf(offset) !== cursor)
    throw invalidParams(
      'resources/list',
      '`params.cursor` is not a cursor this server gave; leave it out for the first page',
    );
  return offset;
}
