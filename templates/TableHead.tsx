import type { ReactElement } from 'react';

/** A table's header row: one column header per label. */
export function TableHead({ columns }: { columns: readonly string[] }): ReactElement {
  return (
    <thead>
      <tr>
        {columns.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
