import type { ReactElement } from 'react';

/** Values as inline code, comma-separated: roles, enum values. */
export function CodeList({ values }: { values: readonly string[] }): ReactElement {
  return (
    <>
      {values.map((value, i) => (
        <span key={value}>
          {i > 0 ? ', ' : ''}
          <code>{value}</code>
        </span>
      ))}
    </>
  );
}
