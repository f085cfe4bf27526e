import type { RuleDescriptor } from '../../diagnostics/severity.js';

/** Reported by the structure check (`../structure.ts`), which swagger-parser runs. */
export const oasSchema: RuleDescriptor = {
  id: 'oas-schema',
  severity: 'error',
  configurable: true,
  doc: 'the structure, against the official OpenAPI/Swagger JSON Schema (`@apidevtools/swagger-parser`)',
};
