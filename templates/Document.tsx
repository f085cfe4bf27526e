import type { ReactElement, ReactNode } from 'react';
import { BASE_URL_ISSUE_ID, headSettings } from './hooks/head-settings.js';
import type { HeadModel, PageData, SiteModel } from './model.js';
import { SiteProvider } from './site-context.js';
import { PAGE_DATA_ID, ROOT_ID } from './site-ids.js';

/** JSON inside `<script>`: `<` escaped so no string in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Shown by the head script when the site is served from a path other than its base URL. It carries
 * its own inline style because the stylesheet, linked under the base URL, does not load then.
 */
function BaseUrlIssue({ baseUrl }: { baseUrl: string }): ReactElement {
  // Left as written: the formatter would split the text beside the elements into two text nodes, which
  // React separates with a comment in the HTML.
  // prettier-ignore
  return (
    <div
      id={BASE_URL_ISSUE_ID}
      role="alert"
      hidden
      style={{
        padding: '1rem',
        fontSize: '1rem',
        lineHeight: 1.5,
        background: '#fff3cd',
        color: '#5c3c00',
        borderBottom: '2px solid #b07d00',
        fontFamily: 'system-ui, sans-serif',
      }}
    >
      <strong>This site did not load properly.</strong> It was built for the base URL <code>{baseUrl}</code> but is being served from another path, so its styles, scripts and links do not work. Serve it under <code>{baseUrl}</code>, or set <code>baseUrl</code> in the site configuration to the path it is served from and build it again.
    </div>
  );
}

/** Open Graph writes a locale as `language_TERRITORY` (`en_US`); the config's BCP 47 tags use a hyphen. */
function ogLocale(locale: string): string {
  return locale.replace('-', '_');
}

/** The whole HTML document of one page; `#__site` is what the client hydrates, from the site model the JSON beside it names. */
export function Document({
  site,
  head,
  children,
}: {
  site: SiteModel;
  head: HeadModel;
  children: ReactNode;
}): ReactElement {
  const data: PageData = { route: head.route, siteData: head.siteData };
  return (
    <html lang={site.locale} dir="ltr" data-theme={site.colorMode.defaultMode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <link rel="canonical" href={head.canonical} />
        {head.markdown ? <link rel="alternate" type="text/markdown" href={head.markdown} /> : null}
        {site.feeds?.map((feed) => (
          <link key={feed.href} rel="alternate" type={feed.type} title={feed.title} href={feed.href} />
        ))}
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={head.canonical} />
        <meta property="og:type" content={head.ogType} />
        <meta property="og:site_name" content={site.title} />
        <meta property="og:locale" content={ogLocale(site.locale)} />
        <meta name="twitter:card" content="summary" />
        <meta name="twitter:title" content={head.title} />
        <meta name="twitter:description" content={head.description} />
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="icon" href={site.assets.favicon} type={site.assets.faviconType} />
        <script data-settings={JSON.stringify(headSettings(site))} dangerouslySetInnerHTML={{ __html: head.script }} />
        <link rel="stylesheet" href={site.assets.css} />
        <link rel="preload" href={head.siteData} as="fetch" crossOrigin="anonymous" />
        <script type="module" src={site.assets.js} />
      </head>
      <body>
        <BaseUrlIssue baseUrl={site.baseUrl} />
        <div id={ROOT_ID} tabIndex={-1} data-base-url={site.baseUrl} data-route={head.route}>
          <SiteProvider value={site}>{children}</SiteProvider>
        </div>
        <script type="application/json" id={PAGE_DATA_ID} dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
      </body>
    </html>
  );
}
