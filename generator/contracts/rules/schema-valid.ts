import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { decodePointer } from '../../sources/pointer.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';

/**
 * OpenAPI 3.1's own schema accepts any object as a Schema Object (it defers to the JSON Schema
 * dialect), so a schema like `required: true` passes it. This checks 3.1 schemas against the JSON
 * Schema 2020-12 meta-schema. (3.0 and 2.0 schema objects are checked by the OpenAPI schema itself.)
 */
export const schemaValid: ContractRule = {
  id: 'schema-valid',
  severity: 'error',
  configurable: true,
  doc: '3.1 schemas are valid JSON Schema 2020-12 (`required: true` on a property, say)',
  async run({ sources, version, schemas: visit }) {
    if (version !== '3.1') return [];
    const ajv = await metaSchemaChecker();
    const out: Diagnostic[] = [];
    for (const schema of visit.roots) {
      // A schema may name another dialect in `$schema`; this rule checks it as the document's dialect.
      const { $schema: _dialect, ...body } = schema.value;
      if (ajv.validateSchema(body)) continue;
      for (const error of ajv.errors ?? []) {
        if (['anyOf', 'oneOf', '$dynamicRef', '$ref'].includes(error.keyword)) continue;
        const at = decodePointer(error.instancePath) ?? [];
        const key = at.length > 0 ? `\`${String(at.at(-1))}\`` : 'the schema';
        out.push(
          report(sources, schema, schemaValid.id, `invalid JSON Schema: ${key} ${error.message ?? 'is invalid'}`, {
            extra: at,
          }),
        );
      }
    }
    return out;
  },
};

let checker: Ajv2020 | undefined;

/** One Ajv for every document: `validateSchema` compiles the 2020-12 meta-schema on an instance's first use. */
async function metaSchemaChecker(): Promise<Ajv2020> {
  // Loaded with the first 3.1 contract, not with every module that names this rule.
  checker ??= new (await import('ajv/dist/2020.js')).Ajv2020({ strict: false, allErrors: true, logger: false });
  return checker;
}
