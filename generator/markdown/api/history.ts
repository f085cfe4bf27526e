import { historyMarkText } from '../../../templates/api/HistoryMarks.js';
import type { HistoryMarkModel } from '../../../templates/api/model.js';
import type { TwinContext } from '../context.js';
import { joined, paragraph, text, type Flow } from '../nodes.js';

/**
 * Where an operation or a model stands in its API's versions, as its badges on the page say it:
 * `History: since 1.0.0, deprecated in 2.0.0.`, each fact linked to its version's changelog entry.
 * Nothing for an API of one version.
 */
export function historyBlocks(marks: readonly HistoryMarkModel[] | undefined, ctx: TwinContext): Flow[] {
  if (!marks || marks.length === 0) return [];
  const facts = marks.map((mark) => ctx.link(mark.href, [text(historyMarkText(mark))]));
  return [paragraph(text('History: '), ...joined(facts), text('.'))];
}
