/// <reference lib="dom" />
/**
 * The reader's preferences live in localStorage (README, In the reader's browser). Storage may be blocked (privacy
 * settings, sandboxed frames) or throw on every call; the site then keeps working without
 * remembering anything, and says so once in the console rather than on every read.
 */
let available: Storage | null | undefined;

export const STORAGE_WARNING =
  'Browser storage is unavailable: preferences such as the colour mode will not be remembered.';

/** localStorage when it can be written to, else null (reading the property alone may throw). */
export function storageProbe(): Storage | null {
  try {
    const probe = '__specsite_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  if (available !== undefined) return available;
  available = storageProbe();
  // The head script has warned on load already (it marks the page `js`); without it, warn here.
  if (!available && !document.documentElement.classList.contains('js')) console.warn(STORAGE_WARNING);
  return available;
}

export function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value`, or removes the key for `null`. */
export function writeStored(key: string, value: string | null): void {
  try {
    const store = storage();
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Quota or a storage that broke after the probe: the preference is simply not remembered.
  }
}

/** The keys the site stores, as the README lists them (In the reader's browser). */
export const STORAGE_KEYS = {
  theme: 'theme',
  announcementDismissed: 'announcement-dismissed',
  announcementId: 'announcement-id',
  preferredVersion: (service: string) => `docs-preferred-version-${service}`,
} as const;
