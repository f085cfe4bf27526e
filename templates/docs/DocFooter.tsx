import type { ReactElement } from 'react';
import { Icon } from '../icons.js';
import { ExternalMark } from '../Links.js';
import { dateText } from '../dates.js';
import type { DocPageModel } from '../model.js';
import { safeHref } from '../url-policy.js';

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
          Last updated on <time dateTime={lastUpdated}>{dateText(lastUpdated)}</time>
        </p>
      ) : null}
    </div>
  );
}
