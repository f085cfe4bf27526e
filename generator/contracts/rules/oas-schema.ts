import type { RuleDescriptor } from '../../diagnostics/severity.js';

/** Reported by the structure check (`../structure.ts`), which swagger-parser runs. */
export const oasSchema: RuleDescriptor = {
  id: 'oas-schema',
  severity: 'error',
  configurable: true,
  doc: "the structure, against the official OpenAPI/Swagger JSON Schema (`@apidevtools/swagger-parser`) with the corrections the OpenAPI Initiative has published since (3.1 Link `server`, Server Variable `description`, License `identifier`/`url`, `Bearer` in any case; 3.0 Encoding extensions); fields beside a `$ref` are ignored, as the specification says, except a Path Item's; each problem is reported once, where it is written",
};
