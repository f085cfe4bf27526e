import type { ReactElement } from 'react';

/** The first line of a schema or enumeration block: its name as a link to the reference, and where it comes from. */
export function Caption({
  name,
  href,
  kind,
  apiTitle,
  type,
}: {
  name: string;
  href: string;
  kind: 'schema' | 'enumeration';
  apiTitle: string;
  type: string | undefined;
}): ReactElement {
  return (
    <p className="contract-caption">
      <a href={href}>
        <code>{name}</code>
      </a>{' '}
      <span className="contract-source">
        {kind} of the {apiTitle}
        {type ? (
          <>
            , <code>{type}</code>
          </>
        ) : null}
      </span>
    </p>
  );
}
