import { readStored, STORAGE_KEYS, writeStored } from '../hooks/storage.js';

const MENU = '[data-api-versions]';

/** Choosing a version in a reference page's version menu stores it as the reader's preferred version. */
export function installPreferredVersion(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.(`${MENU} a[data-version]`);
    const service = link?.closest(MENU)?.getAttribute('data-api-versions');
    const version = link?.getAttribute('data-version');
    if (service && version) writeStored(STORAGE_KEYS.preferredVersion(service), version);
  });
}

/** A stored preferred version that no longer exists (a version removed from the contracts) is cleared. */
export function clearMissingPreferredVersions(): void {
  for (const menu of document.querySelectorAll(MENU)) {
    const service = menu.getAttribute('data-api-versions');
    if (!service) continue;
    const key = STORAGE_KEYS.preferredVersion(service);
    const stored = readStored(key);
    const versions = [...menu.querySelectorAll('a[data-version]')].map((a) => a.getAttribute('data-version'));
    if (stored !== null && !versions.includes(stored)) writeStored(key, null);
  }
}
