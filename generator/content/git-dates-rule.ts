import type { RuleDescriptor } from '../diagnostics/severity.js';

/** Reported by `git-dates.ts`; settable, since a slow or shallow history is the machine's, not the site's. */
export const gitDatesRule: RuleDescriptor = {
  id: 'git-dates',
  severity: 'warning',
  configurable: true,
  doc: "`git log` gives each docs page its last-updated date: it finishes within 5 s, and the clone is not shallow (a page last changed before a shallow clone's oldest commit gets no date); outside a repository, without git or with `--no-git-dates`, pages have no date and nothing is reported",
};
