import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { printValue } from '../../diagnostics/print-value.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

/**
 * Swagger 2.0's `discriminator` names a property that "MUST be defined at this schema and it MUST be
 * in the required property list": a payload without it could not say which schema it is.
 */
export const discriminatorRequired: ContractRule = {
  id: 'discriminator-required',
  severity: 'error',
  configurable: true,
  doc: 'in Swagger 2.0, the property a schema names as `discriminator` is listed in its `required`, as the specification requires',
  run({ sources, version, schemas }) {
    if (version !== '2.0') return [];
    const out: Diagnostic[] = [];
    for (const schema of schemas.schemas) {
      const name = schema.value.discriminator;
      if (typeof name !== 'string') continue;
      const required = schema.value.required;
      if (Array.isArray(required) && required.includes(name)) continue;
      out.push(
        report(
          sources,
          schema,
          discriminatorRequired.id,
          `the discriminator "${printValue(name)}" must be listed in \`required\` (Swagger 2.0)`,
          { extra: ['discriminator'] },
        ),
      );
    }
    return out;
  },
};
