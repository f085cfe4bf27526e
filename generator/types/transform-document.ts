import type { OpenAPI3, OpenAPITSOptions, transformSchema } from 'openapi-typescript';

type OpenapiTypescript = typeof import('openapi-typescript');
type Options = Pick<
  OpenAPITSOptions,
  'rootTypes' | 'rootTypesNoSchemaPrefix' | 'rootTypesKeepCasing' | 'defaultNonNullable' | 'silent'
>;

/**
 * openapi-typescript's `openapiTS` without its first step (`validateAndBundle`): Redocly's lint with
 * its minimal rules, then Redocly's bundler. Both walk the whole document (8 s of CPU on GitHub's
 * 13 MB description) and neither has anything left to do: the document handed over is one file
 * already (bundled by `bundleForTypes`), and what their errors would stop (a broken `$ref`, a
 * duplicate operationId, a structure the OpenAPI schema refuses) the contract's checks and
 * `brokenInternalRef` have stopped before. The options not given here are `openapiTS`'s defaults in
 * the version pinned (7.x); the AST is what it returns.
 */
export function transformDocument(
  library: OpenapiTypescript,
  document: OpenAPI3,
  options: Options,
): ReturnType<typeof transformSchema> {
  const silent = options.silent ?? false;
  return library.transformSchema(document, {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: options.defaultNonNullable ?? true,
    discriminators: library.scanDiscriminators(document, options),
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    rootTypes: options.rootTypes ?? false,
    rootTypesNoSchemaPrefix: options.rootTypesNoSchemaPrefix ?? false,
    rootTypesKeepCasing: options.rootTypesKeepCasing ?? false,
    injectFooter: [],
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    // Read by `validateAndBundle` only, which is not run.
    redoc: undefined as never,
    silent,
    inject: undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve: ($ref) => library.resolveRef(document, $ref, { silent }),
  });
}
