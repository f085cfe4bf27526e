import type { RuleDescriptor } from '../../diagnostics/severity.js';

/** Reported by the discovery of an API's versions (`../discover.ts`). */
export const apiSpec: RuleDescriptor = {
  id: 'api-spec',
  severity: 'error',
  configurable: false,
  doc: "a configured API's spec path exists, and its version files are named by semantic version",
};
