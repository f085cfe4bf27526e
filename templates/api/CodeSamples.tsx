import type { ReactElement } from 'react';
import type { CodeSampleModel } from './model.js';

/** Each sample with a copy button (the client script copies the `pre` beside the button). */
export function CodeSamples({ samples }: { samples: CodeSampleModel[] }): ReactElement | null {
  if (samples.length === 0) return null;
  return (
    <div className="api-block api-samples">
      <h4>Code samples</h4>
      {samples.map((sample) => (
        <div key={sample.label} className="code-block" data-language={sample.language}>
          <div className="code-block-title">{sample.label}</div>
          <pre tabIndex={0}>
            <code>{sample.code}</code>
          </pre>
          <button type="button" className="copy-button" aria-label={`Copy the ${sample.label} sample`} title="Copy">
            Copy
          </button>
        </div>
      ))}
    </div>
  );
}
