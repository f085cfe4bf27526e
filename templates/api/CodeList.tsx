import type { ReactElement } from 'react';

/** Values as inline code: roles and enum values (comma-separated), or a parameter's values (space-separated). */
export function CodeList({
  values,
  separator = ', ',
}: {
  values: readonly string[];
  separator?: string;
}): ReactElement {
  return (
    <>
      {values.map((value, i) => (
        // By position: a contract may list the same value twice.
        <span key={i}>
          {i > 0 ? separator : ''}
          <code>{value}</code>
        </span>
      ))}
    </>
  );
}
