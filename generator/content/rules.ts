import type { RuleDescriptor } from '../diagnostics/severity.js';

/** The one content rule a user may set (`index.ts` reports it): third-party pages often lack a description. */
export const pageDescription: RuleDescriptor = {
  id: 'page-description',
  severity: 'warning',
  configurable: true,
  doc: "every content page has a `description` in its front matter (it is the page's meta description)",
};
