import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { ErrorObject } from 'ajv';
import { oasSchemaErrors } from '../generator/contracts/oas-schema.js';
import { detectSpecVersion } from '../generator/contracts/spec-version.js';
import { CORPUS } from './helpers.js';

/** Corpus documents below 2 MB (the two largest would double the suite's time for no new case). */
function corpusFiles(): string[] {
  const [header, ...rows] = readFileSync(join(CORPUS, 'MANIFEST.tsv'), 'utf8').trimEnd().split('\n');
  const columns = (header as string).split('\t');
  return rows.map((row) => row.split('\t')).filter((cells) => Number(cells[columns.indexOf('size_bytes')]) < 2_000_000).map((cells) => cells[columns.indexOf('file')] as string);
}

async function dereferenced(path: string): Promise<unknown> {
  return new SwaggerParser().dereference(path, { resolve: { external: true, http: false }, dereference: { circular: 'ignore' } } as never);
}

/** What swagger-parser's own `validate` reports: Ajv's errors, none when the document passes. */
async function swaggerParserErrors(path: string): Promise<ErrorObject[]> {
  try {
    await new SwaggerParser().validate(path, { resolve: { external: true, http: false }, validate: { schema: true, spec: false } } as never);
    return [];
  } catch (error) {
    const details = (error as { details?: ErrorObject[] }).details;
    if (!Array.isArray(details)) throw error;
    return details;
  }
}

test('the OpenAPI schema check finds exactly what swagger-parser validate finds, on every corpus document it can read', async () => {
  let compared = 0;
  let invalid = 0;
  for (const file of corpusFiles()) {
    const path = join(CORPUS, file);
    let api: unknown;
    try {
      api = await dereferenced(path);
    } catch {
      continue; // Unreadable documents (syntax errors, a broken $ref) never reach the schema check.
    }
    const version = detectSpecVersion(api);
    if (!version.ok) continue;
    const expected = await swaggerParserErrors(path);
    assert.deepEqual(oasSchemaErrors(version.version, api), expected, file);
    compared++;
    if (expected.length > 0) invalid++;
  }
  assert.ok(compared >= 30, `compared ${compared} documents`);
  assert.ok(invalid >= 3, `only ${invalid} of them fail the schema`);
});
