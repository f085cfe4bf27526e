import { useCallback, useEffect, useState } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from './storage.js';

export type ColorMode = 'light' | 'dark';

function isMode(value: unknown): value is ColorMode {
  return value === 'light' || value === 'dark';
}

function applied(): ColorMode | undefined {
  const mode = document.documentElement.getAttribute('data-theme');
  return isMode(mode) ? mode : undefined;
}

/**
 * The colour mode: the head script applied the stored one before first paint; this
 * keeps it, stores the reader's choice under `theme`, and follows a choice made in another tab.
 * `ready` is false until the client runs: the server-rendered toggle stays disabled without it.
 */
export function useColorMode(defaultMode: ColorMode): { mode: ColorMode; ready: boolean; toggle: () => void } {
  const [mode, setMode] = useState<ColorMode>(defaultMode);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setMode(applied() ?? defaultMode);
    setReady(true);
    const onStorage = (event: StorageEvent): void => {
      if (event.key === STORAGE_KEYS.theme && isMode(event.newValue)) {
        document.documentElement.setAttribute('data-theme', event.newValue);
        setMode(event.newValue);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [defaultMode]);
  const toggle = useCallback(() => {
    const next: ColorMode = (applied() ?? defaultMode) === 'dark' ? 'light' : 'dark';
    document.documentElement.setAttribute('data-theme', next);
    writeStored(STORAGE_KEYS.theme, next);
    setMode(next);
  }, [defaultMode]);
  return { mode, ready, toggle };
}
