import { Fragment, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import type { CodeSampleModel, HighlightedCode } from './model.js';
import { Tabs } from './Tabs.js';

/** The storage key of the reader's sample language, shared by every reference page. */
export const SAMPLE_LANGUAGE_KEY = 'api-sample-language';

/** The operation's samples as tabs, one per language; each with a copy button (the client copies the `pre` beside it). */
export function CodeSamples({ id, samples }: { id: string; samples: CodeSampleModel[] }): ReactElement | null {
  if (samples.length === 0) return null;
  return (
    <div className="api-block api-samples">
      <h4>Code samples</h4>
      <Tabs
        id={`${id}-samples`}
        label="Code samples"
        remember={SAMPLE_LANGUAGE_KEY}
        labelled
        tabs={samples.map((sample) => ({
          key: sample.key,
          label: sample.label,
          content: (
            <div className="code-block" data-language={sample.language}>
              <div className="code-block-title tabs-panel-label">{sample.label}</div>
              <Code code={sample.code} highlighted={sample.highlighted} />
              <button type="button" className="copy-button" aria-label={`Copy the ${sample.label} sample`} title="Copy">
                Copy
              </button>
            </div>
          ),
        }))}
      />
    </div>
  );
}

/** A `pre` with the code as text, coloured as the docs' code blocks are when it was highlighted. */
export function Code({ code, highlighted }: { code: string; highlighted?: HighlightedCode | undefined }): ReactElement {
  if (!highlighted)
    return (
      <pre tabIndex={0}>
        <code>{code}</code>
      </pre>
    );
  const style = {
    color: highlighted.fg,
    '--shiki-dark': highlighted.fgDark,
    backgroundColor: highlighted.bg,
    '--shiki-dark-bg': highlighted.bgDark,
  } as CSSProperties;
  return (
    <pre className="shiki" style={style} tabIndex={0}>
      <code>
        {highlighted.lines.map((line, index) => (
          <Fragment key={index}>
            {index > 0 ? '\n' : null}
            <span className="line">
              {line.map((token, at): ReactNode =>
                token.color === undefined ? (
                  token.text
                ) : (
                  <span key={at} style={{ color: token.color, '--shiki-dark': token.dark } as CSSProperties}>
                    {token.text}
                  </span>
                ),
              )}
            </span>
          </Fragment>
        ))}
      </code>
    </pre>
  );
}
