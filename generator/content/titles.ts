import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { duplicateTitle } from './rules.js';

/**
 * A page of the site with its title, and where that title is written: found only for a page that
 * is reported (locating a key in a cached contract parses the whole file again).
 */
export interface TitledPage {
  route: string;
  title: string;
  where: () => Pick<Diagnostic, 'file' | 'line' | 'column' | 'pointer'>;
}

/**
 * Rule `duplicate-title`: pages are compared by their titles in any case and spacing; the first by
 * route keeps its title, and each other page with the same one is reported where its title is written.
 */
export function duplicateTitles(pages: readonly TitledPage[]): Diagnostic[] {
  const first = new Map<string, TitledPage>();
  const out: Diagnostic[] = [];
  for (const page of [...pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))) {
    const key = page.title.trim().replace(/\s+/g, ' ').toLowerCase();
    const owner = first.get(key);
    if (!owner) {
      first.set(key, page);
      continue;
    }
    out.push({
      ...page.where(),
      severity: duplicateTitle.severity,
      rule: duplicateTitle.id,
      message: `${page.route} has the title "${page.title}" of ${owner.route}; give each page its own title (browser tabs, bookmarks and search results tell pages apart by it)`,
    });
  }
  return out;
}
