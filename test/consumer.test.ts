import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { loadConfig } from '../generator/config/load.js';
import { loadContracts } from '../generator/contracts/index.js';
import { buildApiReference } from '../generator/render/api/pages.js';
import { consumerProject } from './consumer-project.js';
import { ROOT, runBin, runCli, tempDir } from './helpers.js';

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

describe('the generated types package, installed by a consumer', () => {
  let out = '';
  before(async () => {
    out = join(await tempDir('types'), 'out');
    const run = await runCli(['types', '--out', out]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
  });

  test('type-checks under strict, and rejects a wrong enum value and a missing required field', async () => {
    const dir = await consumerProject(out, 'consumer.ts');
    const run = await runBin(TSC, ['-p', 'tsconfig.json'], dir);
    assert.equal(run.code, 0, `tsc failed:\n${run.stdout}${run.stderr}`);
  });

  test('really checks: a wrong enum value without @ts-expect-error fails tsc', async () => {
    const dir = await consumerProject(out, 'wrong.ts');
    const run = await runBin(TSC, ['-p', 'tsconfig.json'], dir);
    assert.notEqual(run.code, 0);
    assert.match(run.stdout, /consumer\.ts\(3,14\): error TS2322: Type '"FUZZY"' is not assignable to type/);
  });

  test('every TypeScript sample of the reference pages type-checks against the installed package', async () => {
    const loaded = await loadConfig('site-config.yaml');
    assert.ok(loaded.ok);
    const contracts = await loadContracts(loaded.config, loaded.source);
    const reference = await buildApiReference(contracts.apis, {
      baseUrl: '/',
      typesPackage: loaded.config.types.packageName,
      codeSamples: ['typescript'],
      typed: new Set(contracts.apis.map((a) => a.api.id)),
      splitAbove: 1000,
      primaryColor: '#1890ff',
      histories: new Map(),
    });
    const dir = await consumerProject(out, 'consumer.ts');
    await mkdir(join(dir, 'samples'));
    const files: string[] = [];
    for (const page of reference.pages) {
      if (page.model.kind === 'changelog') continue;
      for (const op of page.model.sections.flatMap((section) => section.operations)) {
        for (const sample of op.samples) {
          const file = `samples/${page.apiId}-${op.id}.ts`;
          // Each sample is a snippet of a module (top-level await); `export {}` makes the file one.
          await writeFile(join(dir, file), `${sample.code}\nexport {};\n`);
          files.push(file);
        }
      }
    }
    const operations = contracts.apis.reduce(
      (n, api) =>
        n +
        Object.values((api.versions[0]?.contract.document.paths ?? {}) as Record<string, object>).reduce(
          (m, item) =>
            m + Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch'].includes(k)).length,
          0,
        ),
      0,
    );
    assert.equal(files.length, operations);
    const tsconfig = JSON.parse(await readFile(join(dir, 'tsconfig.json'), 'utf8')) as { files: string[] };
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ ...tsconfig, files }));
    const run = await runBin(TSC, ['-p', 'tsconfig.json'], dir);
    assert.equal(run.code, 0, `tsc failed:\n${run.stdout.slice(0, 4000)}${run.stderr}`);
  });

  test('package.json maps one entry per configured service', async () => {
    const manifest = JSON.parse(await readFile(join(out, 'types/package.json'), 'utf8')) as {
      exports: Record<string, { types: string }>;
    };
    assert.deepEqual(Object.keys(manifest.exports), [
      '.',
      './searcher',
      './rag',
      './datasource',
      './tenant-manager',
      './file-manager',
      './ingestion',
    ]);
    for (const entry of Object.values(manifest.exports)) await readFile(join(out, 'types', entry.types));
  });
});
