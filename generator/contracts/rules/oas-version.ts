import type { RuleDescriptor } from '../../diagnostics/severity.js';

/** Reported where a contract is opened (`../validate.ts`): without a version there is no dialect to read it in. */
export const oasVersion: RuleDescriptor = {
  id: 'oas-version',
  severity: 'error',
  configurable: false,
  doc: 'the document declares a supported `openapi` 3.0.x/3.1.x or `swagger: "2.0"` (as a string)',
};
