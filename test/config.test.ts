import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { siteConfigJsonSchema } from '../generator/config/json-schema.js';
import { loadConfig } from '../generator/config/load.js';
import { runMain, tempDir } from './helpers.js';

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

  test('a favicon the build refuses, validate refuses with the same located line: both hear it from the config stage', async () => {
    const dir = await tempDir('config-favicon');
    await writeFile(join(dir, 'site-config.yaml'), 'title: Icons\napis: []\nfavicon: icon.png\n');
    await writeFile(join(dir, 'icon.png'), '<html><script>alert(1)</script></html>');
    await mkdir(join(dir, 'content/docs'), { recursive: true });
    await writeFile(join(dir, 'content/docs/index.mdx'), '---\ntitle: Page\ndescription: A page.\n---\n\nHello.\n');
    const config = join(dir, 'site-config.yaml');
    const build = await runMain(['build', '--no-cache', '--config', config, '--out', join(dir, 'out')]);
    const validate = await runMain(['validate', '--no-cache', '--config', config]);
    const located = (output: string) => output.split('\n').filter((line) => line.includes('[image-type]'));
    assert.equal(build.code, 1);
    assert.equal(validate.code, 1);
    assert.equal(located(build.stdout + build.stderr).length, 1, build.stdout + build.stderr);
    assert.match(
      located(build.stdout + build.stderr)[0] ?? '',
      /site-config\.yaml:3:10 error \[image-type\] favicon "icon\.png"/,
    );
    assert.deepEqual(located(validate.stdout + validate.stderr), located(build.stdout + build.stderr));
  });
});

describe('brand slugs from names beyond ASCII', () => {
  /** A project whose brand is `name`, with a `{product}` page, built; its config and output folder. */
  async function branded(name: string): Promise<{ dir: string; slug: string | undefined }> {
    const dir = await tempDir('brand-slug');
    await mkdir(join(dir, 'content/docs'), { recursive: true });
    await writeFile(join(dir, 'site-config.yaml'), `title: Docs\nbrand:\n  name: ${JSON.stringify(name)}\n`);
    await writeFile(
      join(dir, 'content/docs/{product}-packages.mdx'),
      '---\ntitle: Packages\ndescription: The packages of the product.\n---\n\nThe packages.\n',
    );
    const loaded = await loadConfig(join(dir, 'site-config.yaml'));
    return { dir, slug: loaded.ok ? loaded.config.brand.slug : undefined };
  }

  test('accented letters lose their accents, other scripts leave the fallback, and `{product}` file names follow', async () => {
    for (const [name, slug] of [
      ['Crème Brûlée Søft', 'creme-brulee-s-ft'],
      ['Ångström Ünïcode', 'angstrom-unicode'],
      ['ｆｕｌｌｗｉｄｔｈ Ｐｒｏ', 'fullwidth-pro'],
      ['製品', 'site'],
    ] as const) {
      const { dir, slug: resolved } = await branded(name);
      assert.equal(resolved, slug, name);
      const run = await runMain(['build', '--config', join(dir, 'site-config.yaml'), '--out', join(dir, 'out')]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const page = await readFile(join(dir, `out/site/docs/${slug}-packages/index.html`), 'utf8');
      assert.match(page, /<h1[^>]*>Packages<\/h1>/, name);
    }
  });

  test('a slug written outside lowercase ASCII is one located error', async () => {
    const dir = await tempDir('brand-slug-written');
    await writeFile(join(dir, 'site-config.yaml'), 'title: Docs\nbrand:\n  slug: crème\n');
    const run = await runMain(['validate', '--config', join(dir, 'site-config.yaml')]);
    assert.equal(run.code, 1);
    assert.match(
      run.stdout,
      /^\S*site-config\.yaml:3:9 error \[config-invalid\] must be lowercase words joined by hyphens .*\nvalidated .*: 1 error, 0 warnings\n$/,
    );
  });
});
