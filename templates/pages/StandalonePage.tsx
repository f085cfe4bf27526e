import type { ReactElement, ReactNode } from 'react';
import { MAIN_ID } from '../site-ids.js';

/** Home, roadmap, connectors, privacy…: one column of content. The home page brings its own hero (and h1). */
export function StandalonePage({
  title,
  showTitle,
  children,
}: {
  title: string;
  showTitle: boolean;
  children: ReactNode;
}): ReactElement {
  return (
    <main id={MAIN_ID} className="standalone-main">
      <div className={showTitle ? 'container markdown' : 'markdown'} data-pagefind-body="">
        {showTitle ? <h1>{title}</h1> : null}
        {children}
      </div>
    </main>
  );
}
