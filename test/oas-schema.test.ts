import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { ErrorObject } from 'ajv';
import type { SpecVersion } from '../generator/contracts/spec-version.js';
import {
  compileOasSchema,
  oasSchemaErrors,
  PRECOMPILED_DIR,
  precompiledOasValidator,
  writeOasValidators,
} from '../generator/contracts/oas-schema.js';
import { detectSpecVersion } from '../generator/contracts/spec-version.js';
import { CORPUS, corpusSuite } from './corpus.js';
import { tempDir } from './helpers.js';

/** Corpus documents below 2 MB (the two largest would double the suite's time for no new case). */
function corpusFiles(): string[] {
  const [header, ...rows] = readFileSync(join(CORPUS, 'MANIFEST.tsv'), 'utf8').trimEnd().split('\n');
  const columns = (header as string).split('\t');
  return rows
    .map((row) => row.split('\t'))
    .filter((cells) => Number(cells[columns.indexOf('size_bytes')]) < 2_000_000)
    .map((cells) => cells[columns.indexOf('file')] as string);
}

async function dereferenced(path: string): Promise<unknown> {
  return new SwaggerParser().dereference(path, {
    resolve: { external: true, http: false },
    dereference: { circular: 'ignore' },
  } as never);
}

/** The corpus documents that reach the schema check, dereferenced, with their version. */
async function* checkedDocuments(): AsyncGenerator<{ file: string; path: string; api: unknown; version: SpecVersion }> {
  for (const file of corpusFiles()) {
    const path = join(CORPUS, file);
    let api: unknown;
    try {
      api = await dereferenced(path);
    } catch {
      continue; // Unreadable documents (syntax errors, a broken $ref) never reach the schema check.
    }
    const version = detectSpecVersion(api);
    if (version.ok) yield { file, path, api, version: version.version };
  }
}

/** What swagger-parser's own `validate` reports: Ajv's errors, none when the document passes. */
async function swaggerParserErrors(path: string): Promise<ErrorObject[]> {
  try {
    await new SwaggerParser().validate(path, {
      resolve: { external: true, http: false },
      validate: { schema: true, spec: false },
    } as never);
    return [];
  } catch (error) {
    const details = (error as { details?: ErrorObject[] }).details;
    if (!Array.isArray(details)) throw error;
    return details;
  }
}

/**
 * Where our check, with the corrections published to the official schemas (oas-schema-errata.ts),
 * differs from swagger-parser's, which uses the schemas as first published: a 3.1 License's
 * `identifier` and `url` were a `oneOf` (one required), and are now only exclusive.
 */
const CORRECTED: Record<string, { ours: string[]; theirs: string[] }> = {
  'public/redoc__openapi-3-1.yaml': {
    ours: ['/info/license not {}'],
    theirs: ['/info/license oneOf {"passingSchemas":[0,1]}'],
  },
  'public/openapi-ts__simple-example.yaml': {
    ours: ['/info/license not {}'],
    theirs: ['/info/license oneOf {"passingSchemas":[0,1]}'],
  },
  'public/starlight__animals.yaml': {
    ours: [],
    theirs: [
      '/info/license required {"missingProperty":"identifier"}',
      '/info/license required {"missingProperty":"url"}',
      '/info/license oneOf {"passingSchemas":null}',
    ],
  },
};

const errorKey = (e: ErrorObject) => `${e.instancePath} ${e.keyword} ${JSON.stringify(e.params)}`;

corpusSuite('real-world corpus', () => {
  test('the OpenAPI schema check finds exactly what swagger-parser validate finds, on every corpus document it can read, but for the published corrections', async () => {
    let compared = 0;
    let invalid = 0;
    for await (const { file, path, api, version } of checkedDocuments()) {
      const expected = await swaggerParserErrors(path);
      const ours = oasSchemaErrors(version, api);
      const corrected = CORRECTED[file];
      if (corrected) {
        assert.deepEqual(
          ours.map(errorKey).filter((k) => !expected.map(errorKey).includes(k)),
          corrected.ours,
          file,
        );
        assert.deepEqual(
          expected.map(errorKey).filter((k) => !ours.map(errorKey).includes(k)),
          corrected.theirs,
          file,
        );
      } else assert.deepEqual(ours, expected, file);
      compared++;
      if (expected.length > 0) invalid++;
    }
    assert.ok(compared >= 30, `compared ${compared} documents`);
    assert.ok(invalid >= 3, `only ${invalid} of them fail the schema`);
  });

  test('the validators generated at compile time are the ones the build uses, and find what Ajv compiling the schema finds', async () => {
    // `npm test` compiles first, so they are there, one per version.
    for (const version of ['2.0', '3.0', '3.1'] as const)
      assert.ok(existsSync(join(PRECOMPILED_DIR, `${version}.cjs`)), version);
    let compared = 0;
    for await (const { file, api, version } of checkedDocuments()) {
      const generated = precompiledOasValidator(version);
      assert.ok(generated, version);
      const { validate } = compileOasSchema(version);
      const expected = validate(api) ? [] : validate.errors;
      assert.deepEqual(generated(api) ? [] : generated.errors, expected, file);
      compared++;
    }
    assert.ok(compared >= 30, `compared ${compared} documents`);
  });
});

test('without generated validators the schema is compiled, and generating them again gives the same code', async () => {
  const dir = await tempDir('oas-validators');
  assert.equal(precompiledOasValidator('3.1', dir), undefined);
  await writeOasValidators(dir);
  for (const version of ['2.0', '3.0', '3.1'])
    assert.equal(
      readFileSync(join(dir, `${version}.cjs`), 'utf8'),
      readFileSync(join(PRECOMPILED_DIR, `${version}.cjs`), 'utf8'),
      version,
    );
  const invalid = { openapi: '3.1.0', info: { title: 'x' }, paths: {} };
  const fresh = precompiledOasValidator('3.1', dir);
  assert.ok(fresh);
  assert.equal(fresh(invalid), false);
  assert.deepEqual(
    fresh.errors?.map((e) => `${e.instancePath} ${e.message}`),
    ["/info must have required property 'version'"],
  );
});
