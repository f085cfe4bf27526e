import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { validateContract } from '../generator/contracts/validate.js';
import { generateServiceTypes } from '../generator/types/service-types.js';
import { tempDir } from './helpers.js';

const BROKEN = `openapi: 3.1.0
info: { title: t, version: 1.0.0 }
paths:
  /a:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Missing'
`;

// openapi-typescript prints "✘ Can't resolve $ref at …" itself before it throws; every message must go through diagnostics.
test('the type generator, given a broken $ref, fails with a message and prints nothing', async () => {
  const dir = await tempDir('types-quiet');
  await writeFile(join(dir, 'openapi.yaml'), BROKEN);
  const { contract } = await validateContract(join(dir, 'openapi.yaml'));
  assert.ok(contract);
  const printed: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  }) as typeof process.stderr.write;
  try {
    await assert.rejects(generateServiceTypes(contract, 'broken', '1.0.0'), /Can't resolve \$ref/);
  } finally {
    process.stderr.write = write;
  }
  assert.deepEqual(printed, []);
});
