import type { ReactElement, ReactNode } from 'react';
import type { SiteModel } from './model.js';

/**
 * A document that is no page of the site's own, though it is read in its stylesheet and theme: a
 * fragment of a long reference page, a redirect from a moved one. Never indexed, and pointing at the
 * page it stands for. `head` comes before the stylesheet (the theme's script, a refresh).
 */
export function BareDocument({
  site,
  title,
  canonical,
  head,
  children,
}: {
  site: SiteModel;
  title: string;
  canonical: string;
  head: ReactNode;
  children: ReactNode;
}): ReactElement {
  return (
    <html lang={site.locale} dir="ltr" data-theme={site.colorMode.defaultMode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="robots" content="noindex" />
        <link rel="canonical" href={canonical} />
        {head}
        <link rel="stylesheet" href={site.assets.css} />
      </head>
      <body>{children}</body>
    </html>
  );
}
