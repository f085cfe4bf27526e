import type { ReactElement, ReactNode } from 'react';
import type { HeadModel, SiteModel } from './model.js';
import { SiteProvider } from './site-context.js';

/**
 * Runs before first paint so that a stored dark mode never flashes light, and marks the document
 * as scripted (`js`) so that CSS hides only what the client script can bring back (the mobile menu).
 * It is the project's own constant code, not content; the key is the one site.md §3 names.
 */
export function colorModeScript(colorMode: SiteModel['colorMode']): string {
  const fallback = JSON.stringify(colorMode.defaultMode);
  const system = colorMode.respectPrefersColorScheme ? `matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'` : fallback;
  return `(function(){var d=document.documentElement,t;d.classList.add('js');try{t=localStorage.getItem('theme')}catch(e){}d.setAttribute('data-theme',t==='dark'||t==='light'?t:${system})})();`;
}

/** The whole HTML document of one page. */
export function Document({ site, head, children }: { site: SiteModel; head: HeadModel; children: ReactNode }): ReactElement {
  return (
    <html lang={site.locale} dir="ltr" data-theme={site.colorMode.defaultMode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <link rel="canonical" href={head.canonical} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={head.canonical} />
        <meta property="og:type" content={head.ogType} />
        <meta property="og:site_name" content={site.title} />
        <meta property="og:locale" content={site.locale} />
        <meta name="twitter:card" content="summary" />
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="icon" href={site.assets.favicon} type={site.assets.faviconType} />
        <script dangerouslySetInnerHTML={{ __html: colorModeScript(site.colorMode) }} />
        <link rel="stylesheet" href={site.assets.css} />
        <script src={site.assets.js} defer />
      </head>
      <body>
        <div id="__site" data-base-url={site.baseUrl} data-route={head.route}>
          <SiteProvider value={site}>{children}</SiteProvider>
        </div>
      </body>
    </html>
  );
}
