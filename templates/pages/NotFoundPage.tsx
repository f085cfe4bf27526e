import type { ReactElement } from 'react';
import { MAIN_ID } from '../site-ids.js';

export const NOT_FOUND_TITLE = 'Page Not Found';

export function NotFoundPage({ homeHref, docsHref }: { homeHref: string; docsHref: string | undefined }): ReactElement {
  return (
    <main id={MAIN_ID} className="standalone-main">
      <div className="container markdown not-found">
        <h1>{NOT_FOUND_TITLE}</h1>
        <p>We could not find what you were looking for. The page may have moved, or the address may be mistyped.</p>
        <p>
          Go to the <a href={homeHref}>home page</a>
          {docsHref ? (
            <>
              {' '}
              or start from the <a href={docsHref}>documentation</a>
            </>
          ) : null}
          .
        </p>
      </div>
    </main>
  );
}
