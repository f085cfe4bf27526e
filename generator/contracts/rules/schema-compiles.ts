import type { RuleDescriptor } from '../../diagnostics/severity.js';

/** Reported by `example-valid`, which is the rule that compiles schemas; its own id so it can be set apart. */
export const schemaCompiles: RuleDescriptor = {
  id: 'schema-compiles',
  severity: 'warning',
  configurable: true,
  doc: 'a schema Ajv cannot compile, so its examples go unchecked',
};
