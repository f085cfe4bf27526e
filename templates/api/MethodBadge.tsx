import type { ReactElement } from 'react';

export function MethodBadge({ method, small = false }: { method: string; small?: boolean }): ReactElement {
  return (
    <span className={`method-badge method-${method}${small ? ' method-badge-small' : ''}`}>{method.toUpperCase()}</span>
  );
}
