import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { safeDecode } from '../sources/safe-decode.js';
import type { CompiledPage } from './types.js';

/**
 * A link to an unknown route is not reported (the host may serve something other than this site there),
 * but a link to a Markdown file that does not exist, or to an anchor a known page does not have, is
 * a warning at the link.
 */
export function checkLinks(
  pages: readonly CompiledPage[],
  anchorsByRoute: ReadonlyMap<string, ReadonlySet<string>>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const page of pages) {
    for (const link of page.links) {
      const at = { file: page.display, line: link.line, column: link.column, severity: 'warning' as const };
      if (link.markdown && link.route === undefined) {
        out.push({ ...at, rule: 'broken-markdown-link', message: `link to "${link.url}": no page file at that path` });
        continue;
      }
      if (link.hash === undefined || link.hash === '' || link.route === undefined) continue;
      const anchors = anchorsByRoute.get(link.route);
      if (anchors && !anchors.has(safeDecode(link.hash, decodeURIComponent))) {
        out.push({
          ...at,
          rule: 'broken-anchor',
          message: `link to "${link.url}": ${link.route} has no heading or element with id "${link.hash}"`,
        });
      }
    }
  }
  return out;
}
