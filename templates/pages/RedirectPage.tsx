import type { ReactElement } from 'react';
import { headSettings } from '../hooks/head-settings.js';
import { BareDocument } from '../BareDocument.js';
import type { HeadModel, SiteModel } from '../model.js';
import { MAIN_ID } from '../site-ids.js';

export interface RedirectModel {
  /** The new page (with the base URL). */
  to: string;
  /** Each id the old page held, linking to its new place (with the base URL and hash). */
  anchors: Array<{ id: string; href: string; label: string }>;
}

/**
 * The page at a route an older edition of a reference had. With JavaScript the head script sends
 * the reader on before anything paints (keeping the hash); without, a refresh does (which drops
 * the hash), and until then the body lists every id the old page held, each a link to its new place.
 */
export function RedirectPage({
  site,
  head,
  redirect,
}: {
  site: SiteModel;
  head: HeadModel;
  redirect: RedirectModel;
}): ReactElement {
  const moved = { to: redirect.to, anchors: Object.fromEntries(redirect.anchors.map((a) => [a.id, a.href])) };
  return (
    <BareDocument
      site={site}
      title={head.title}
      canonical={head.canonical}
      head={
        <>
          <script
            data-settings={JSON.stringify({ ...headSettings(site), moved })}
            dangerouslySetInnerHTML={{ __html: head.script }}
          />
          <noscript>
            <meta httpEquiv="refresh" content={`0; url=${redirect.to}`} />
          </noscript>
        </>
      }
    >
      <main id={MAIN_ID} className="standalone-main">
        <div className="container markdown api-redirect">
          <h1>This page has moved</h1>
          <p>
            It is now at <a href={redirect.to}>{redirect.to}</a>. What it held:
          </p>
          <ul>
            {redirect.anchors.map((a) => (
              <li key={a.id} id={a.id}>
                <a href={a.href}>{a.label}</a>
              </li>
            ))}
          </ul>
        </div>
      </main>
    </BareDocument>
  );
}
