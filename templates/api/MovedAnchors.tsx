import type { ReactElement } from 'react';
import type { ApiReferenceModel } from './model.js';

/**
 * Anchors whose sections live on another page of a split API, each a link to where it went. The
 * client follows `data-moved-to` when the address names one, so old deep links land on the section.
 */
export function MovedAnchors({
  moved,
  heading,
  intro,
}: {
  moved: ApiReferenceModel['moved'];
  heading: string;
  intro: string;
}): ReactElement | null {
  if (moved.length === 0) return null;
  return (
    <section id="api-moved">
      <h2>{heading}</h2>
      <p>{intro}</p>
      <ul className="api-moved">
        {moved.map((m) => (
          <li key={m.id} id={m.id} data-moved-to={m.href}>
            <a href={m.href}>{m.label}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
