import type { ReactElement } from 'react';
import { moreValuesText } from './more-values.js';

/** Values as inline code: roles and enum values (comma-separated), or a parameter's values (space-separated). */
export function CodeList({
  values,
  separator = ', ',
  more = 0,
}: {
  values: readonly string[];
  separator?: string;
  /** Values left out after these (an enumeration cut short). */
  more?: number;
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
      {more > 0 ? ` ${moreValuesText(more)}` : null}
    </>
  );
}
