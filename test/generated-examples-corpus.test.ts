import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { validateContract } from '../generator/contracts/validate.js';
import { HTTP_METHODS } from '../generator/contracts/walk.js';
import { referenceDocument } from '../generator/render/api/document.js';
import { ExampleValidators } from '../generator/render/api/example-ajv.js';
import { ExampleGenerator, isJsonMedia, type Direction } from '../generator/render/api/generated-example.js';
import { isStream } from '../generator/render/api/operation-model.js';
import { RefResolver } from '../generator/render/api/resolver.js';
import { encodePointer, isRecord } from '../generator/sources/pointer.js';
import { CORPUS, corpusSuite } from './corpus.js';
import { ROOT } from './helpers.js';

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

interface Tally {
  bodies: number;
  generated: number;
  /** JSON bodies the contract gives no example for. */
  wanting: number;
}

/** Generates every example the reference would and checks each against its schema with a validator of its own. */
async function check(file: string, problems: string[]): Promise<Tally> {
  const { contract } = await validateContract(file);
  assert.ok(contract, `${file} loads`);
  const document = (await referenceDocument(contract)).openapi;
  const resolver = new RefResolver(document);
  const generator = new ExampleGenerator(resolver);
  const validators = new ExampleValidators(resolver, String(document.openapi).startsWith('3.1') ? '3.1' : '3.0');
  const tally: Tally = { bodies: 0, generated: 0, wanting: 0 };
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

function publicDocuments(manifest: string): string[] {
  const [header, ...rows] = manifest.trimEnd().split('\n');
  const columns = (header as string).split('\t');
  return rows
    .map((row) => row.split('\t'))
    .filter((cells) => cells[columns.indexOf('group')] === 'public')
    .map((cells) => join(CORPUS, cells[columns.indexOf('file')] as string));
}

async function ourContracts(): Promise<string[]> {
  const folder = join(ROOT, 'openapi');
  const files: string[] = [];
  for (const service of await readdir(folder))
    for (const name of await readdir(join(folder, service)))
      if (/\.(ya?ml|json)$/.test(name)) files.push(join(folder, service, name));
  return files;
}

describe('generated examples validate against their schemas', () => {
  test('every operation of our six contracts', async () => {
    const problems: string[] = [];
    const files = await ourContracts();
    assert.ok(files.length >= 6);
    let generated = 0;
    for (const file of files) generated += (await check(file, problems)).generated;
    assert.deepEqual(problems, []);
    assert.ok(generated >= 20, `examples were generated (${generated})`);
  });

  corpusSuite('real-world corpus', () => {
    test('every operation of every public corpus document', async () => {
      const problems: string[] = [];
      const total: Tally = { bodies: 0, generated: 0, wanting: 0 };
      for (const file of publicDocuments(await readFile(join(CORPUS, 'MANIFEST.tsv'), 'utf8'))) {
        const tally = await check(file, problems);
        for (const key of ['bodies', 'generated', 'wanting'] as const) total[key] += tally[key];
      }
      assert.deepEqual(problems, []);
      // Nearly every JSON body without an example gets one: a repair that stops working shows here.
      assert.ok(total.generated >= 0.95 * total.wanting, `generated ${total.generated} of ${total.wanting}`);
    });
  });
});
