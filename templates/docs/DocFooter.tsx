import type { ReactElement } from 'react';
import { Icon } from '../icons.js';
import { ExternalMark } from '../Links.js';
import type { DocPageModel } from '../model.js';
import { safeHref } from '../url-policy.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `2025-03-07` → `March 7, 2025`: by hand, so that no locale data of the machine can change a page. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${Number(match[3])}, ${match[1]}` : iso;
}

/** The end of a docs article: where to edit the page, and when it last changed. */
export function DocFooter({
  editUrl,
  lastUpdated,
}: Pick<DocPageModel, 'editUrl' | 'lastUpdated'>): ReactElement | null {
  const href = safeHref(editUrl);
  if (href === undefined && lastUpdated === undefined) return null;
  return (
    <div className="doc-footer">
      {href !== undefined ? (
        <a className="edit-this-page" href={href} target="_blank" rel="noopener noreferrer">
          <Icon name="edit" size={16} />
          Edit this page
          <ExternalMark />
        </a>
      ) : null}
      {lastUpdated !== undefined ? (
        <p className="last-updated">
          Last updated on <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
        </p>
      ) : null}
    </div>
  );
}
