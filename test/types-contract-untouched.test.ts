import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { validateContract } from '../generator/contracts/validate.js';
import { generateServiceTypes } from '../generator/types/service-types.js';
import { tempDir } from './helpers.js';

// openapi-typescript writes into the document it is handed. The reference, its downloads and the
// search read the same contract, before or after the types depending on the cache: whatever the
// type generator does, the contract must read the same afterwards.
const CONTRACTS = {
  'no components': `openapi: 3.0.3
info: { title: Pets, version: 1.0.0 }
paths:
  /pets:
    get:
      operationId: listPets
      responses: { '200': { description: ok } }
`,
  'a discriminator whose mapped schemas lack its property': `openapi: 3.0.3
info: { title: Pets, version: 1.0.0 }
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
components:
  schemas:
    Pet:
      type: object
      required: [petType]
      properties: { petType: { type: string } }
      discriminator:
        propertyName: petType
        mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' }
    Cat:
      allOf:
        - $ref: '#/components/schemas/Pet'
        - type: object
          properties: { lives: { type: integer } }
    Dog:
      allOf:
        - $ref: '#/components/schemas/Pet'
        - type: object
          properties: { bark: { type: boolean } }
`,
};

for (const [name, text] of Object.entries(CONTRACTS))
  test(`generating types leaves the contract as it was: ${name}`, async () => {
    const dir = await tempDir('types-untouched');
    await writeFile(join(dir, 'openapi.yaml'), text);
    const { contract } = await validateContract(join(dir, 'openapi.yaml'));
    assert.ok(contract);
    const before = structuredClone(contract.document);
    const types = await generateServiceTypes(contract, 'pets', '1.0.0');
    assert.match(types.declarations, /listPets/);
    assert.deepEqual(contract.document, before);
  });
