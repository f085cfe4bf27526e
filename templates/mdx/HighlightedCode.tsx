import type { ReactElement } from 'react';

/**
 * A fenced code block, highlighted when its page was compiled (`rehypeCode`). `html` is what the
 * highlighter printed, with the page's code escaped in it; no page can hand this component anything,
 * since the element it draws cannot be written in content (`HIGHLIGHTED_CODE_TAG`).
 */
export function HighlightedCode({ language, html }: { language: string; html: string }): ReactElement {
  return <div className="code-block" data-language={language} dangerouslySetInnerHTML={{ __html: html }} />;
}
