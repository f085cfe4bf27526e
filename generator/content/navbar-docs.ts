import type { ResolvedConfig } from '../config/resolve.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SourceFile } from '../sources/source-file.js';
import { locatedAt } from '../sources/zod-issues.js';
import { suggestDocId } from './sidebar.js';

/**
 * The navbar's `doc` items that name no docs page, checked with the content (so `validate` and a
 * build with other content errors report them too, not only once the site renders). `ids`: every
 * doc id, including those of pages whose front matter failed (their own error says enough).
 */
export function navbarDocProblems(
  config: Pick<ResolvedConfig, 'navbar'>,
  source: SourceFile,
  ids: ReadonlySet<string>,
): Diagnostic[] {
  return config.navbar.items.flatMap((item, index) =>
    item.type === 'doc' && !ids.has(item.docId)
      ? [locatedAt(source, ['navbar', 'items', index, 'docId'], 'navbar-item', unknownNavbarDoc(item, ids))]
      : [],
  );
}

/** Said the same by the content stage and the navbar's renderer, so that the build prints it once. */
export function unknownNavbarDoc(item: { label: string; docId: string }, ids: Iterable<string>): string {
  return `navbar item "${item.label}" cannot be rendered: no docs page has the id "${item.docId}"${suggestDocId(item.docId, ids)}`;
}
