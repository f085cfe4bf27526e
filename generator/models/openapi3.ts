import { pathToFileURL } from 'node:url';
import swagger2openapi from 'swagger2openapi';
import type { Contract } from '../contracts/validate.js';

/**
 * The contract as an OpenAPI 3.x document, which is what the type generator reads. Swagger 2.0 is
 * converted with swagger2openapi (the converter the OpenAPI tooling ecosystem standardised on).
 */
export async function toOpenApi3(contract: Contract): Promise<Record<string, unknown>> {
  if (contract.specVersion !== '2.0') return contract.document;
  const converted = (await swagger2openapi.convertObj(structuredClone(contract.document), {
    patch: true,
    warnOnly: true,
    direct: true,
    resolve: contract.sources.files.size > 1,
    source: pathToFileURL(contract.path).href,
  })) as Record<string, unknown>;
  return converted;
}
