import { pathToFileURL } from 'node:url';
import { refParserResolve, refuseFetch } from '../contracts/project-refs.js';
import type { Contract } from '../contracts/validate.js';
import { isRecord } from '../sources/pointer.js';
import { swaggerParser } from './lazy.js';

/**
 * The contract as an OpenAPI 3.x document, which is what the type generator reads. Swagger 2.0 is
 * converted with swagger2openapi (the converter the OpenAPI tooling ecosystem standardised on).
 */
export async function toOpenApi3(contract: Contract): Promise<Record<string, unknown>> {
  if (contract.specVersion !== '2.0') return normalizeDiscriminatorMappings(contract.document);
  // A multi-file 2.0 contract is bundled into one document first (external refs become internal,
  // cycles included), which swagger2openapi's own resolver does not manage.
  const single =
    contract.sources.files.size > 1
      ? await bundleContract(contract, contract.document)
      : structuredClone(contract.document);
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
 * The file of a 3.x contract that spans several files, which Redocly's bundler walks before the
 * type generator sees one document; undefined for a contract in one file (or a converted 2.0 one).
 */
export function typeSource(contract: Contract): URL | undefined {
  return contract.specVersion !== '2.0' && contract.sources.files.size > 1 ? pathToFileURL(contract.path) : undefined;
}

/**
 * A multi-file contract as one document (swagger-parser's bundle: external refs become internal,
 * each file's content written once), read through the project's reader: nothing outside the
 * project, nothing remote. `document` is the root as the caller has it (it is not modified).
 */
export async function bundleContract(
  contract: Contract,
  document: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const parser = await swaggerParser();
  return (await parser.bundle(
    contract.path,
    structuredClone(document) as never,
    { resolve: refParserResolve(contract.sources.project) } as never,
  )) as unknown as Record<string, unknown>;
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
