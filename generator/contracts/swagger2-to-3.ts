import { refuseFetch } from './project-refs.js';
import { isRecord } from '../sources/pointer.js';

/**
 * A Swagger 2.0 document (in one piece: its `$ref`s all internal) as OpenAPI 3.0, converted with
 * swagger2openapi, the converter the OpenAPI tooling ecosystem standardised on. `single` is
 * converted in place: the caller hands over a copy.
 */
export async function swagger2To3(single: Record<string, unknown>): Promise<Record<string, unknown>> {
  dropSelfReferences((single as { definitions?: unknown }).definitions, '#/definitions/');
  // It resolves nothing (`resolve: false`); its fetch is refused all the same, should that change.
  const converted = (await (
    await import('swagger2openapi')
  ).default.convertObj(single, {
    patch: true,
    warnOnly: true,
    direct: true,
    resolve: false,
    fetch: refuseFetch,
  })) as Record<string, unknown>;
  return normalizeDiscriminatorMappings(converted);
}

/**
 * OpenAPI lets a discriminator mapping name a schema (`mapping: { foo: Foo }`) instead of
 * referencing it; openapi-typescript only follows references. A copy is made only when needed.
 */
export function normalizeDiscriminatorMappings(document: Record<string, unknown>): Record<string, unknown> {
  const schemas =
    isRecord(document.components) && isRecord(document.components.schemas) ? document.components.schemas : {};
  const bare = (value: unknown) =>
    typeof value === 'string' && !value.includes('#') && !value.includes('/') && Object.hasOwn(schemas, value);
  let found = false;
  visitDiscriminators(document, (mapping) => {
    if (Object.values(mapping).some(bare)) found = true;
  });
  if (!found) return document;
  const copy = structuredClone(document);
  visitDiscriminators(copy, (mapping) => {
    for (const [key, value] of Object.entries(mapping))
      if (bare(value)) mapping[key] = `#/components/schemas/${String(value)}`;
  });
  return copy;
}

function visitDiscriminators(root: unknown, visit: (mapping: Record<string, unknown>) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isRecord(node)) {
      if (isRecord(node.discriminator) && isRecord(node.discriminator.mapping)) visit(node.discriminator.mapping);
      for (const [key, value] of Object.entries(node))
        if (key !== 'example' && key !== 'examples' && typeof value === 'object') stack.push(value);
    }
  }
}

/**
 * A definition that is only a `$ref` to itself (validation warns about it) describes nothing; it is
 * typed as `unknown` instead of sending the converters into an endless alias.
 */
function dropSelfReferences(definitions: unknown, prefix: string): void {
  if (!isRecord(definitions)) return;
  for (const [name, schema] of Object.entries(definitions)) {
    if (isRecord(schema) && schema.$ref === `${prefix}${name.replace(/~/g, '~0').replace(/\//g, '~1')}`) {
      definitions[name] = { description: `Defined only as a reference to itself (${String(schema.$ref)}).` };
    }
  }
}
