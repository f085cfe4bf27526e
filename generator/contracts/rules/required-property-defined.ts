import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { isRecord } from '../../sources/pointer.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

const COMPOSITION = ['allOf', 'anyOf', 'oneOf', 'if', 'dependentSchemas', 'patternProperties'];

/**
 * A name in `required` that the schema never defines is usually a typo; integrators get a required
 * field of type `unknown`. Swagger 2.0 forbids it (an error); in 3.x it is legal JSON Schema, so a
 * warning, and only where no composition could define the property elsewhere.
 */
export const requiredPropertyDefined: ContractRule = {
  id: 'required-property-defined',
  severity: 'error',
  severityText: 'error in Swagger 2.0, warning in 3.x',
  configurable: true,
  doc: 'names in `required` exist in `properties` (an error in Swagger 2.0, a warning in 3.x)',
  run({ sources, version, schemas: visit }) {
    const out: Diagnostic[] = [];
    for (const schema of visit.schemas) {
      const { required, properties } = schema.value;
      if (!Array.isArray(required) || !isRecord(properties)) continue;
      if (
        version !== '2.0' &&
        (COMPOSITION.some((k) => k in schema.value) ||
          (schema.value.additionalProperties !== undefined && schema.value.additionalProperties !== false))
      )
        continue;
      required.forEach((name, index) => {
        if (typeof name === 'string' && !Object.hasOwn(properties, name)) {
          out.push(
            report(
              sources,
              schema,
              requiredPropertyDefined.id,
              `property "${name}" is listed as required but is not defined in \`properties\``,
              { extra: ['required', index], severity: version === '2.0' ? 'error' : 'warning' },
            ),
          );
        }
      });
    }
    return out;
  },
};
