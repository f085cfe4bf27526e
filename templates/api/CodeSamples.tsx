import { type CSSProperties, type ReactElement, type ReactNode } from 'react';
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
  const colors = highlighted.colors;
  const style = colors
    ? ({
        color: colors.fg,
        '--shiki-dark': colors.fgDark,
        backgroundColor: colors.bg,
        '--shiki-dark-bg': colors.bgDark,
      } as CSSProperties)
    : undefined;
  // No element per line (a reference page holds thousands of lines), and neighbouring texts joined
  // into one (React separates adjacent texts with a comment).
  const nodes: ReactNode[] = [];
  let text = '';
  highlighted.lines.forEach((line, index) => {
    if (index > 0) text += '\n';
    for (const token of line) {
      if (token.tone === undefined && token.color === undefined) {
        text += token.text;
        continue;
      }
      if (text) nodes.push(text);
      text = '';
      const key = nodes.length;
      nodes.push(
        token.tone ? (
          <span key={key} className={token.tone}>
            {token.text}
          </span>
        ) : (
          <span key={key} style={{ color: token.color, '--shiki-dark': token.dark } as CSSProperties}>
            {token.text}
          </span>
        ),
      );
    }
  });
  if (text) nodes.push(text);
  return (
    <pre className="shiki" style={style} tabIndex={0}>
      <code>{nodes}</code>
    </pre>
  );
}
