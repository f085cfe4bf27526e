/** JSON Schema keywords whose values are schemas, by shape. Used to walk schemas without touching data (enum, default, examples). */
export const SCHEMA_MAP_KEYWORDS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
] as const;
export const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
export const SCHEMA_KEYWORDS = [
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'contentSchema',
] as const;

/** OpenAPI-only keywords that JSON Schema 2020-12 does not define. */
export const OPENAPI_ONLY_KEYWORDS = [
  'discriminator',
  'xml',
  'externalDocs',
  'example',
  'nullable',
  'x-nullable',
] as const;
