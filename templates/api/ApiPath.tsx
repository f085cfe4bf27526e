import type { ReactElement } from 'react';
import type { OperationModel } from './model.js';

/** An operation's path with its `{parameters}` highlighted. */
export function ApiPath({ path }: { path: OperationModel['path'] }): ReactElement {
  return (
    <code className="api-path">
      {path.map((part, i) =>
        part.param ? (
          <span key={i} className="api-path-param">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </code>
  );
}
