import type { RuleDescriptor } from '../diagnostics/severity.js';

/** Reported by `git-dates.ts`; settable, since a slow or broken git is the machine's, not the site's. */
export const gitDatesRule: RuleDescriptor = {
  id: 'git-dates',
  severity: 'warning',
  configurable: true,
  doc: "`git log`, which dates each docs page by the last commit that changed its file, finishes within 5 s and without error; outside a repository (or one git will not read as this user), without git, with `--no-git-dates`, or for a file git does not know or that a shallow clone's oldest commit last changed, a page has no date and nothing is reported",
};
