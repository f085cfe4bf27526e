import { HTTP_METHODS } from '../generator/contracts/walk.js';
import { ExampleValidators } from '../generator/render/api/example-ajv.js';
import { ExampleGenerator, isJsonMedia, type Direction } from '../generator/render/api/generated-example.js';
import { isStream } from '../generator/render/api/operation-model.js';
import { RefResolver } from '../generator/render/api/resolver.js';
import { encodePointer, isRecord } from '../generator/sources/pointer.js';

interface Body {
  pointer: string;
  direction: Direction;
  mediaType: string;
  media: Record<string, unknown>;
}

/** Every request and response body of every operation, webhook and callback, where the reference shows it. */
function bodies(document: Record<string, unknown>, resolver: RefResolver): Body[] {
  const out: Body[] = [];
  const item = (segments: string[], written: unknown): void => {
    const pathItem = resolver.follow(written)?.value;
    if (!pathItem) return;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isRecord(operation)) continue;
      const at = [...segments, method];
      content([...at, 'requestBody'], 'request', resolver.follow(operation.requestBody)?.value?.content);
      for (const [status, response] of Object.entries(isRecord(operation.responses) ? operation.responses : {}))
        content([...at, 'responses', status], 'response', resolver.follow(response)?.value?.content);
      for (const [name, callback] of Object.entries(isRecord(operation.callbacks) ? operation.callbacks : {}))
        for (const [expression, nested] of Object.entries(resolver.follow(callback)?.value ?? {}))
          item([...at, 'callbacks', name, expression], nested);
    }
  };
  const content = (segments: string[], direction: Direction, written: unknown): void => {
    if (!isRecord(written)) return;
    for (const [mediaType, media] of Object.entries(written))
      if (isRecord(media))
        out.push({ pointer: encodePointer([...segments, 'content', mediaType]), direction, mediaType, media });
  };
  for (const key of ['paths', 'webhooks'])
    for (const [name, written] of Object.entries(isRecord(document[key]) ? document[key] : {}))
      item([key, name], written);
  return out;
}

export interface GeneratedTally {
  bodies: number;
  generated: number;
  /** JSON bodies the contract gives no example for. */
  wanting: number;
}

/**
 * Generates every example the reference would and checks each against its schema with a validator of its own.
 * `document`: the contract at `file` as the reference renders it (`referenceDocument`).
 */
export function checkGenerated(file: string, document: Record<string, unknown>, problems: string[]): GeneratedTally {
  const resolver = new RefResolver(document);
  const generator = new ExampleGenerator(resolver);
  const validators = new ExampleValidators(resolver, String(document.openapi).startsWith('3.1') ? '3.1' : '3.0');
  const tally: GeneratedTally = { bodies: 0, generated: 0, wanting: 0 };
  for (const body of bodies(document, resolver)) {
    tally.bodies++;
    const { media, mediaType } = body;
    if (media.example !== undefined || isRecord(media.examples) || !isJsonMedia(mediaType) || isStream(mediaType))
      continue;
    if (!isRecord(media.schema)) continue;
    tally.wanting++;
    const text = generator.generate(media.schema, mediaType, body.direction);
    if (text === undefined) continue;
    tally.generated++;
    const validate = validators.get(media.schema, body.direction);
    const value: unknown = JSON.parse(text);
    if (!validate) problems.push(`${file} ${body.pointer}: an example was generated for a schema Ajv cannot compile`);
    else if (!validate(value))
      problems.push(`${file} ${body.pointer} (${body.direction}): ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  }
  return tally;
}
