import { HTTP_METHODS } from '../generator/contracts/walk.js';
import { ExampleValidators } from '../generator/render/api/example-ajv.js';
import { isIdName } from '../generator/render/api/example-plausible.js';
import { effectiveParameters, operationModel, type OperationSource } from '../generator/render/api/operation-model.js';
import { asRecord, asString, RefResolver } from '../generator/render/api/resolver.js';
import { requestPlan } from '../generator/render/api/samples/request-plan.js';
import { isRecord } from '../generator/sources/pointer.js';
import type { MediaModel } from '../templates/api/model.js';
import { operationContext } from './operation-context.js';

export interface AgreementTally {
  /** Generated examples checked with Ajv. */
  generated: number;
  /** Operations whose sample's path id and success body's id were both there, and agreed. */
  agreeing: number;
}

/**
 * Builds every operation's model and request plan as the reference does, then checks that each
 * generated example is valid against its schema (a validator of its own), and that an id-like path
 * parameter's value in the samples is the value the success body's example holds for it.
 * `document`: the contract at `file` as the reference renders it (`referenceDocument`).
 */
export function checkAgreement(file: string, document: Record<string, unknown>, problems: string[]): AgreementTally {
  const resolver = new RefResolver(document);
  const validators = new ExampleValidators(resolver, String(document.openapi).startsWith('3.1') ? '3.1' : '3.0');
  const context = operationContext(resolver, document.security);
  const tally: AgreementTally = { generated: 0, agreeing: 0 };
  const valid = (where: string, media: MediaModel, schema: unknown, direction: 'request' | 'response'): void => {
    for (const example of media.examples.filter((e) => e.generated)) {
      tally.generated++;
      const validate = isRecord(schema) ? validators.get(schema, direction) : null;
      if (!validate || !validate(JSON.parse(example.value)))
        problems.push(`${file} ${where} ${media.mediaType}: ${JSON.stringify(validate?.errors?.slice(0, 2))}`);
    }
  };
  for (const [path, written] of Object.entries(asRecord(document.paths))) {
    const pathItem = resolver.follow(written)?.value;
    if (!pathItem) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isRecord(operation)) continue;
      const source: OperationSource = { id: 'op', kind: 'operation', method, path, pathItem, operation };
      const where = `${method.toUpperCase()} ${path}`;
      const model = operationModel(source, context);
      const body = resolver.follow(operation.requestBody)?.value;
      for (const media of model.requestBody?.contents ?? [])
        valid(where, media, asRecord(asRecord(body?.content)[media.mediaType]).schema, 'request');
      for (const response of model.responses) {
        const content = asRecord(resolver.follow(asRecord(operation.responses)[response.status])?.value.content);
        for (const media of response.contents)
          valid(`${where} ${response.status}`, media, asRecord(content[media.mediaType]).schema, 'response');
      }
      const agreed = agrees(source, resolver, document, model, where, problems);
      if (agreed) tally.agreeing++;
    }
  }
  return tally;
}

/** Whether the operation has an id-like path parameter whose sample value the success body holds too. */
function agrees(
  source: OperationSource,
  resolver: RefResolver,
  document: Record<string, unknown>,
  model: ReturnType<typeof operationModel>,
  where: string,
  problems: string[],
): boolean {
  const last = /\{([^{}]+)\}$/.exec(source.path)?.[1];
  const success = model.responses.find((r) => /^2/.test(r.status));
  const example = success?.contents.find((m) => /json/i.test(m.mediaType))?.examples[0];
  if (!example) return false;
  let value: unknown;
  try {
    value = JSON.parse(example.value);
  } catch {
    return false;
  }
  if (!isRecord(value)) return false;
  const template = source.path.split('/');
  const url = requestPlan(source, document, resolver).url.split('?')[0]?.split('/') ?? [];
  let seen = false;
  for (const parameter of effectiveParameters(source, resolver)) {
    const name = asString(parameter.name);
    if (parameter.in !== 'path' || !isIdName(name) || parameter.style !== undefined) continue;
    const index = template.indexOf(`{${name}}`);
    if (index < 0) continue;
    const property = Object.hasOwn(value, name) ? name : name === last && Object.hasOwn(value, 'id') ? 'id' : undefined;
    const held = property === undefined ? undefined : value[property];
    if (typeof held !== 'string' && typeof held !== 'number') continue;
    // Only a value of the parameter's type can be the same in both (an integer id beside a string one is not).
    const type = resolver.follow(parameter.schema)?.value.type;
    if (typeof type === 'string' && (typeof held === 'number') !== (type === 'integer' || type === 'number')) continue;
    // The contract may give both values itself, and they may differ: that is the contract's to fix.
    const own = parameter.example ?? parameter.examples ?? resolver.follow(parameter.schema)?.value.example;
    if (own !== undefined && !example.generated) continue;
    const segment = url[url.length - template.length + index];
    if (segment === encodeURIComponent(String(held))) seen = true;
    else problems.push(`${where}: the path has ${name}=${segment}, the ${success?.status} body ${property}=${held}`);
  }
  return seen;
}
