import type { RuleDescriptor } from '../../diagnostics/severity.js';
import { apiSpec } from './api-spec.js';

/** Reported by the discovery of an API's versions (`../discover.ts`); one line of the README with `api-spec`. */
export const apiVersionName: RuleDescriptor = {
  id: 'api-version-name',
  severity: 'error',
  configurable: false,
  doc: apiSpec.doc,
};
