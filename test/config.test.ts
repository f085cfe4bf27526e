import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { siteConfigJsonSchema } from '../generator/config/json-schema.js';
import { loadConfig } from '../generator/config/load.js';

describe('site config', () => {
  test('the smallest config resolves every default once', async () => {
    const result = await loadConfig('test/fixtures/config/minimal-clean/site-config.yaml');
    assert.ok(result.ok);
    const { config } = result;
    assert.deepEqual(config.brand, { name: 'Example', slug: 'example' });
    assert.equal(config.baseUrl, '/');
    assert.equal(config.colorMode.defaultMode, 'light');
    assert.equal(config.colorMode.respectPrefersColorScheme, false);
    assert.deepEqual(config.i18n, { defaultLocale: 'en', locales: ['en'] });
    assert.deepEqual(config.toc, { minHeadingLevel: 2, maxHeadingLevel: 3 });
    assert.deepEqual(config.client, {
      desktopBreakpoint: 996,
      progressBar: { delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800, showSpinner: false },
    });
    assert.equal(config.apiPages.primaryColor, '#1890ff');
    assert.equal(config.navbar.hideOnScroll, false);
    assert.deepEqual(
      config.apis.map((a) => [a.id, a.route, a.spec]),
      [['example', '/api/example/', resolve('test/fixtures/config/minimal-clean/openapi.yaml')]],
    );
    assert.equal(config.types.packageName, 'example-api-types');
  });

  test('an API without spec defaults to the folder openapi/<id>/', async () => {
    const result = await loadConfig('site-config.yaml');
    assert.ok(result.ok);
    assert.deepEqual(
      result.config.apis.map((a) => a.specAsWritten),
      [
        'openapi/searcher/',
        'openapi/rag/',
        'openapi/datasource/',
        'openapi/tenant-manager/',
        'openapi/file-manager/',
        'openapi/ingestion/',
      ],
    );
  });

  test('the committed site-config.schema.json is the one the zod schema exports', async () => {
    assert.equal(
      await readFile('site-config.schema.json', 'utf8'),
      siteConfigJsonSchema(),
      'run `node bin/specsite.js config-schema site-config.schema.json`',
    );
  });

  test('the exported JSON Schema accepts the real config and rejects an unknown key', async () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(JSON.parse(siteConfigJsonSchema()) as object);
    const real = parse(await readFile('site-config.yaml', 'utf8')) as Record<string, unknown>;
    assert.equal(validate(real), true, JSON.stringify(validate.errors));
    assert.equal(validate({ ...real, colour: 'blue' }), false);
  });
});
