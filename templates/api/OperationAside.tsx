import type { ReactElement } from 'react';
import { CodeSamples } from './CodeSamples.js';
import type { OperationModel } from './model.js';
import { ResponseExamples, responseGroups } from './ResponseExamples.js';

/** Beside the operation's text on wide screens (after it on narrow ones): how to call it and what comes back. */
export function OperationAside({ op }: { op: OperationModel }): ReactElement {
  return (
    <div className="api-operation-aside">
      <CodeSamples samples={op.samples} />
      {op.requestBody ? (
        <ResponseExamples heading="Request example" groups={[{ label: 'Body', contents: op.requestBody.contents }]} />
      ) : null}
      <ResponseExamples heading="Response examples" groups={responseGroups(op.responses)} />
    </div>
  );
}
