import { useEffect, useState, type ReactElement } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from './hooks/storage.js';
import type { SiteModel } from './model.js';

type Bar = NonNullable<SiteModel['announcementBar']>;

/**
 * The configured bar above the navbar. Its dismissal is stored with the bar's id, so configuring a
 * new id shows the new bar to readers who closed the old one. The head script hides a
 * dismissed bar before first paint; the server always renders it, as without JavaScript it stays.
 */
export function AnnouncementBar({ bar }: { bar: Bar }): ReactElement | null {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (!bar.isCloseable) return;
    if (readStored(STORAGE_KEYS.announcementId) !== bar.id) {
      writeStored(STORAGE_KEYS.announcementDismissed, 'false');
      writeStored(STORAGE_KEYS.announcementId, bar.id);
      document.documentElement.removeAttribute('data-announcement-dismissed');
    } else if (readStored(STORAGE_KEYS.announcementDismissed) === 'true') {
      setDismissed(true);
    }
  }, [bar.id, bar.isCloseable]);
  if (dismissed) return null;
  const close = (): void => {
    writeStored(STORAGE_KEYS.announcementDismissed, 'true');
    writeStored(STORAGE_KEYS.announcementId, bar.id);
    setDismissed(true);
  };
  return (
    <div
      className="announcement-bar"
      role="region"
      aria-label="Announcement"
      data-announcement-id={bar.id}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}
    >
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: bar.html }} />
      {bar.isCloseable ? (
        <button
          type="button"
          className="announcement-close"
          data-announcement-close=""
          aria-label="Close the announcement"
          onClick={close}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
