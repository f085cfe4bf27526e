import type { RuleDescriptor } from '../diagnostics/severity.js';

/** The gate between an API's two newest versions (`history.ts`). */
export const breakingChange: RuleDescriptor = {
  id: 'breaking-change',
  severity: 'error',
  configurable: true,
  doc: 'the newest version of an API breaks no integrator of the version before it, unless its major number is higher or the change is acknowledged (see [API changes](#api-changes-diff-the-gate-and-the-changelog))',
};
