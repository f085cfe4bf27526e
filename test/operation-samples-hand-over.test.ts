import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BuildCache } from '../generator/cache/store.js';
import { RefResolver } from '../generator/render/api/resolver.js';
import { SampleColours } from '../generator/render/api/samples/colours.js';
import { HAND_OVER_EVERY, OperationSamples } from '../generator/render/api/samples/operation-samples.js';
import type { CodeSampleModel } from '../templates/api/model.js';

/** A contract of `count` GET operations, one path each. */
function contract(count: number): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) paths[`/items/${i}`] = { get: { operationId: `item${i}`, responses: {} } };
  return {
    openapi: '3.0.3',
    info: { title: 'Items', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
  };
}

/** Writes a curl sample for each operation, recording each batch handed to `colours` and whether `save` had begun. */
async function writeAll(colours: SampleColours, count: number) {
  const document = contract(count);
  const handed: Array<{ size: number; atSave: boolean }> = [];
  let saving = false;
  colours.colour = async (samples: readonly CodeSampleModel[]) => {
    handed.push({ size: samples.length, atSave: saving });
  };
  const samples = await OperationSamples.open(BuildCache.disabled(), 'key', document, colours);
  const resolver = new RefResolver(document);
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
    const operation = item.get as Record<string, unknown>;
    samples.samples(
      { id: String(operation.operationId), kind: 'operation', method: 'get', path, pathItem: item, operation },
      document,
      resolver,
      '@acme/api-types/items',
      ['curl'],
    );
  }
  saving = true;
  await samples.save();
  return handed;
}

test('a large version hands its samples to the colour thread as they are written, each once', async () => {
  const count = 2 * HAND_OVER_EVERY + 10;
  const handed = await writeAll(SampleColours.meanwhile(), count);
  assert.deepEqual(
    handed.filter((batch) => !batch.atSave).map((batch) => batch.size),
    [HAND_OVER_EVERY, HAND_OVER_EVERY],
    'two batches handed over before save',
  );
  assert.equal(
    handed.reduce((sum, batch) => sum + batch.size, 0),
    count,
    'every sample handed over once',
  );
});

test('samples coloured on the build thread, and a version with few, are handed over at save only', async () => {
  const here = await writeAll(SampleColours.here(), HAND_OVER_EVERY + 10);
  assert.deepEqual(here, [{ size: HAND_OVER_EVERY + 10, atSave: true }]);
  const few = await writeAll(SampleColours.meanwhile(), HAND_OVER_EVERY - 1);
  assert.deepEqual(few, [{ size: HAND_OVER_EVERY - 1, atSave: true }]);
});
