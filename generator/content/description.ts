import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { PageSource } from './types.js';

/** The `page-description` warning, for a page whose front matter has no description. */
export function descriptionDiagnostics(page: PageSource): Diagnostic[] {
  if (page.frontMatter.description !== undefined) return [];
  return [
    {
      file: page.display,
      line: 1,
      column: 1,
      severity: 'warning',
      rule: 'page-description',
      message:
        'the front matter has no "description"; search engines and link previews show it, so give one sentence under 160 characters',
    },
  ];
}
