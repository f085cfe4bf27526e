import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

/**
 * OpenAPI 3.0's Schema Object: "`items` MUST be present if the `type` is `array`". The 3.0 JSON
 * Schema does not check it; 3.1 schemas are JSON Schema, where `items` is optional.
 */
export const arrayItems: ContractRule = {
  id: 'array-items',
  severity: 'error',
  configurable: true,
  doc: 'in OpenAPI 3.0, a schema with `type: array` has `items`, as the specification requires',
  run({ sources, version, schemas }) {
    if (version !== '3.0') return [];
    const out: Diagnostic[] = [];
    for (const schema of schemas.schemas)
      if (schema.value.type === 'array' && !('items' in schema.value))
        out.push(
          report(sources, schema, arrayItems.id, 'a schema with `type: array` must have `items` in OpenAPI 3.0', {
            extra: ['type'],
          }),
        );
    return out;
  },
};
