import type { ReactElement } from 'react';
import { Icon } from './icons.js';
import type { LinkModel } from './model.js';
import { safeHref } from './url-policy.js';

/** Marks a link that leaves the site, for sighted readers and screen readers alike. */
export function ExternalMark(): ReactElement {
  return (
    <span className="external-mark">
      <Icon name="external" size={12} />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </span>
  );
}

/** A link from the site's data (the config's navbar, footer and sidebar), drawn only with a URL the build would accept. */
export function SiteLink({ link, className }: { link: LinkModel; className?: string }): ReactElement {
  return (
    <a
      className={className}
      href={safeHref(link.href)}
      {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {link.label}
      {link.external ? <ExternalMark /> : null}
    </a>
  );
}
