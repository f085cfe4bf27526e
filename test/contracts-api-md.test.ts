import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';

/** The project's own contracts: the services' path prefixes and the datasource entities they must have. */
interface Document {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; allOf?: unknown[] }> };
}

async function contract(service: string): Promise<Document> {
  return parse(await readFile(join('openapi', service, '3.1.0-SNAPSHOT.yaml'), 'utf8')) as Document;
}

/** Each service's endpoints are under its own prefix. */
const PREFIXES: Record<string, string> = {
  searcher: '/api/searcher/',
  rag: '/api/rag/',
  datasource: '/api/datasource/',
  'tenant-manager': '/api/tenant-manager/',
  'file-manager': '/api/file-manager/v1/',
  ingestion: '/api/ingestion/',
};

/** The datasource administration entities: each has a matching DTO. */
const ENTITIES = [
  'Bucket',
  'DataIndex',
  'Datasource',
  'DocType',
  'DocTypeField',
  'DocTypeTemplate',
  'EnrichItem',
  'EnrichPipeline',
  'PluginDriver',
  'QueryAnalysis',
  'SearchConfig',
  'SuggestionCategory',
];

/** An entity's own fields: its properties, or those of its `allOf` branches written in place. */
function fields(schema: Document['components']['schemas'][string]): string[] {
  const branches = (schema.allOf ?? []) as Array<{ properties?: Record<string, unknown> }>;
  return [schema.properties, ...branches.map((b) => b.properties)].flatMap((p) => Object.keys(p ?? {}));
}

describe('the project’s own contracts', () => {
  test('every path of every service carries the service prefix, RAG’s health check and docs redirect included', async () => {
    for (const [service, prefix] of Object.entries(PREFIXES)) {
      const paths = Object.keys((await contract(service)).paths);
      assert.ok(paths.length > 0, service);
      assert.deepEqual(
        paths.filter((path) => !path.startsWith(prefix)),
        [],
        `${service}: paths outside ${prefix}`,
      );
    }
    const rag = (await contract('rag')).paths;
    assert.equal(rag['/api/rag/health']?.get?.operationId, 'getHealth');
    assert.ok(rag['/api/rag/']?.get?.responses?.['307'], 'GET /api/rag/ redirects to the docs');
  });

  test('each datasource entity has a matching DTO whose fields are the entity’s', async () => {
    const { schemas } = (await contract('datasource')).components;
    for (const entity of ENTITIES) {
      const dto = schemas[`${entity}DTO`];
      assert.ok(schemas[entity], `${entity} is defined`);
      assert.ok(dto, `${entity}DTO is defined`);
      const own = fields(schemas[entity] as Document['components']['schemas'][string]);
      const written = Object.keys(dto.properties ?? {});
      assert.ok(written.includes('name'), `${entity}DTO has a name`);
      assert.deepEqual(
        written.filter((field) => !own.includes(field)),
        [],
        `${entity}DTO: fields the entity does not have`,
      );
    }
    assert.deepEqual(Object.keys(schemas.QueryAnalysisDTO?.properties ?? {}), ['name', 'description', 'stopWords']);
    assert.deepEqual(Object.keys(schemas.SearchConfigDTO?.properties ?? {}), [
      'name',
      'description',
      'minScore',
      'minScoreSuggestions',
      'minScoreSearch',
    ]);
  });
});
