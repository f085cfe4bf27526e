import type { ReactElement } from 'react';
import type { HistoryMarkModel } from './model.js';

const WORDS: Record<HistoryMarkModel['kind'], string> = {
  since: 'since',
  deprecated: 'deprecated in',
  removed: 'removed in',
};

/** A fact of the history in words, as the badge and the Markdown twin say it: "deprecated in 2.0.0". */
export function historyMarkText(mark: HistoryMarkModel): string {
  return `${WORDS[mark.kind]} ${mark.version}`;
}

/**
 * An operation's or model's history as small badges ("since 2.0.0", "removed in 3.0.0"), each a link
 * to its version's changelog entry: the words carry the meaning, the accent only marks them as links.
 */
export function HistoryMarks({ marks }: { marks: HistoryMarkModel[] | undefined }): ReactElement | null {
  if (!marks || marks.length === 0) return null;
  return (
    <>
      {marks.map((mark) => (
        <span key={mark.kind} className="badge" data-history={mark.kind}>
          <a href={mark.href} title={`What changed in ${mark.version}`}>
            {historyMarkText(mark)}
          </a>
        </span>
      ))}
    </>
  );
}
