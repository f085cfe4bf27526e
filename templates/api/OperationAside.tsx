import type { ReactElement } from 'react';
import { CodeSamples } from './CodeSamples.js';
import type { OperationModel } from './model.js';
import { ResponseExamples, responseGroups } from './ResponseExamples.js';

/** Beside the operation's text on wide screens (after it on narrow ones): how to call it and what comes back. */
export function OperationAside({ op }: { op: OperationModel }): ReactElement {
  return (
    <div className="api-operation-aside">
      <CodeSamples id={op.id} samples={op.samples} />
      {op.requestBody ? (
        <ResponseExamples
          id={`${op.id}-request`}
          heading="Request example"
          groups={[{ label: undefined, contents: op.requestBody.contents }]}
        />
      ) : null}
      <ResponseExamples id={`${op.id}-responses`} heading="Response examples" groups={responseGroups(op.responses)} />
    </div>
  );
}
