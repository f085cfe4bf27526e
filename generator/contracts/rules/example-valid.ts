import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { encodePointer } from '../../sources/pointer.js';
import type { ContractRule } from './rule.js';
import { report } from './rule.js';
import { schemaCompiles } from './schema-compiles.js';

const MAX_ERRORS_SHOWN = 3;

/** Every `example`, `examples` value and `default` validates against the schema it documents. */
export const exampleValid: ContractRule = {
  id: 'example-valid',
  // A warning unless the user chooses otherwise (`rules`): the OpenAPI Specification says an example
  // SHOULD match its schema, so third-party documents that miss are still usable. (2.0 and 3.0 say a
  // `default` MUST have its schema's type; one rule covers both, and examples are most of it.)
  severity: 'warning',
  severityText: 'warning: the OpenAPI Specification says an example SHOULD match its schema',
  configurable: true,
  doc: 'every `example`, `examples` value and `default` validates against its schema (Ajv with formats; 3.0 `nullable` and boolean `exclusiveMinimum` honoured)',
  async run({ sources, version, schemas: visit }) {
    const { checks, schemas } = visit;
    if (checks.length === 0) return [];
    // Ajv is loaded with the first contract that has examples, not with every module that names this rule.
    const { SchemaValidators, describeError } = await import('../schema-validators.js');
    const validators = new SchemaValidators(sources, version, schemas);
    const out: Diagnostic[] = [];
    // A schema that fails on a broken `$ref` is that `$ref`'s fault, which `ref-resolves` reports where it is written.
    const refsBroken = sources.refs.some((site) => !sources.resolve(site.file, site.ref).ok);
    for (const check of checks) {
      // Most examples pass: where that is certain without Ajv, their schema is not compiled for them.
      if (validators.certainlyValid(check.schema, check.instance.value)) continue;
      const compiled = validators.get(check.schema);
      if (!compiled.ok && compiled.missingRef && refsBroken) continue;
      if (!compiled.ok) {
        out.push(
          report(
            sources,
            check.schema,
            schemaCompiles.id,
            `this schema cannot be compiled, so its ${check.what}s are not checked: ${compiled.message}`,
            { severity: schemaCompiles.severity },
          ),
        );
        continue;
      }
      if (compiled.validate(check.instance.value)) continue;
      const errors = (compiled.validate.errors ?? []).slice(0, MAX_ERRORS_SHOWN).map(describeError).join('; ');
      out.push(
        report(
          sources,
          check.instance,
          exampleValid.id,
          `${check.what} does not match its schema (${encodePointer(check.schema.segments) || '/'}${check.schema.file === check.instance.file ? '' : ` in ${check.schema.file.display}`}): ${errors}`,
          { severity: exampleValid.severity },
        ),
      );
    }
    return out;
  },
};
