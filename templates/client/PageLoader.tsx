import { useEffect, useState, type ReactElement } from 'react';
import { MAIN_ID } from '../site-ids.js';

/**
 * A page shown before it has loaded (going back or forward to a page not in memory): a spinner after
 * `delay` so a fast load never flickers; on failure the error and a Retry button.
 */
export function PageLoader({
  error,
  delay,
  onRetry,
}: {
  error: string | undefined;
  delay: number;
  onRetry: () => void;
}): ReactElement {
  const [pastDelay, setPastDelay] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPastDelay(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return (
    <main id={MAIN_ID} className="page-loader">
      {error !== undefined ? (
        <div className="page-loader-error" role="alert">
          <p>This page could not be loaded: {error}</p>
          <button type="button" className="button button-primary" onClick={onRetry}>
            Retry
          </button>
        </div>
      ) : pastDelay ? (
        <div className="page-loader-spinner" role="status" aria-label="Loading the page" />
      ) : null}
    </main>
  );
}
