/**
 * The public documents that break a rule, and only those: each for a reason the corpus MANIFEST
 * (or the OpenAPI Specification) confirms, so a rule that starts firing on a valid document fails here.
 */
export const BREAKS: Record<string, string[]> = {
  // 3.1 License: `url` and `identifier` are mutually exclusive; both are given.
  'public/redoc__openapi-3-1.yaml': ['oas-schema'],
  // ...and its YAML writes response codes unquoted (`200:`), which 3.x says MUST be quoted.
  'public/openapi-ts__simple-example.yaml': ['oas-schema', 'response-code-quoted'],
  // `items` written as a list (a JSON Schema tuple), which 3.0 does not allow.
  'public/redoc__openapi.yaml': ['oas-schema'],
  // 3.1 document with 3.0 habits: a parameter without schema, example beside examples, tokenUrl in an implicit flow.
  // (Its license without url/identifier is valid 3.1: the 2021 draft schema's `oneOf` was corrected.)
  'public/starlight__animals.yaml': ['example-exclusive', 'oas-schema'],
  // Three schemas write `properties: { type: string }`: a string where a schema must be (typed as unknown).
  'public/paloalto__discriminator.yaml': ['oas-schema'],
  // `properties: { $ref: "#/..." }`: a string where a property schema must be.
  'public/redoc-fixture__unevaluatedProperties.json': ['schema-valid'],
  // A security requirement names "//", which no security scheme defines.
  'public/paloalto__openapi-cos.json': ['security-defined'],
  // Two pairs of paths differ only in a parameter's name (`/orgs/{org}/attestations/{subject_digest}`
  // beside `.../{attestation_id}`), which the specification says MUST NOT exist.
  'public/github__api.github.com.json': ['path-templates-distinct'],
  // Swagger 2.0: `Pet`'s discriminator `petType` is not in its `required`, which the specification requires.
  'public/redoc__swagger.yaml': ['discriminator-required'],
};

/**
 * The invalid documents whose only fault is judged a warning, with the rules that say so: a name in
 * `required` that `properties` lacks is legal JSON Schema, in Swagger 2.0 as in 3.x.
 */
export const WARNED: Record<string, string[]> = {
  'invalid/sp__required-property-not-defined.yaml': ['required-property-defined'],
};
