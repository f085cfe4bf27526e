import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { headSettings } from '../hooks/head-settings.js';
import { BareDocument } from '../BareDocument.js';
import type { HeadModel, SiteModel } from '../model.js';

/** Where the client finds a fragment's section in the fetched document. */
export const PART_BODY = 'api-part-body';

/**
 * A fragment of a reference page: one operation or model, alone. The client fetches it and moves its
 * section into the page in place of the stub; a reader without JavaScript follows the stub's link
 * here, so it is a readable page too: the site's stylesheet and theme, and a way back.
 */
export function PartDocument({
  site,
  head,
  back,
  primaryColor,
  children,
}: {
  site: SiteModel;
  head: Pick<HeadModel, 'title' | 'canonical' | 'script'>;
  back: { href: string; label: string };
  primaryColor: string;
  children: ReactNode;
}): ReactElement {
  const style = { '--api-primary': primaryColor } as CSSProperties;
  return (
    <BareDocument
      site={site}
      title={head.title}
      canonical={head.canonical}
      head={
        <>
          <link rel="icon" href={site.assets.favicon} type={site.assets.faviconType} />
          <script
            data-settings={JSON.stringify(headSettings(site))}
            dangerouslySetInnerHTML={{ __html: head.script }}
          />
        </>
      }
    >
      <div className="api-layout api-part-page" style={style}>
        <main className="api-main">
          <p className="api-part-back">
            <a href={back.href}>{back.label}</a>
          </p>
          <div className={PART_BODY}>{children}</div>
        </main>
      </div>
    </BareDocument>
  );
}
