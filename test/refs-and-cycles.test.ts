import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { bundleForTypes, typeGeneratorConfig } from '../generator/types/redocly-bundle.js';
import { CONSUMER_COMPILER_OPTIONS } from './consumer-project.js';
import { ROOT, runBin, runCli, tempDir } from './helpers.js';

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const FIXTURE = join(ROOT, 'test/fixtures/refs/multi-file');

/** tsc --strict (library files checked too) over a generated types package. */
async function typeCheck(types: string): Promise<void> {
  await writeFile(
    join(types, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: CONSUMER_COMPILER_OPTIONS, files: ['index.d.ts'] }),
  );
  const checked = await runBin(TSC, ['-p', 'tsconfig.json'], types);
  assert.equal(checked.code, 0, `tsc failed:\n${checked.stdout}${checked.stderr}`);
}

/** The declarations of a service without their header, which names the contract as seen from the working folder. */
async function declarations(out: string, service: string): Promise<string> {
  const text = await readFile(join(out, 'types', `${service}.d.ts`), 'utf8');
  return text.slice(text.indexOf('*/'));
}

async function htmlFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith('.html'))
      found.push(await readFile(join(entry.parentPath, entry.name), 'utf8'));
  return found;
}

test('$refs resolve from the file that holds them, from any working folder: validate, types and build agree', async () => {
  const elsewhere = await tempDir('refs-cwd');
  // Run from a folder unrelated to the project with absolute paths, and from the project with a relative config.
  const runs = [
    { cwd: elsewhere, config: join(FIXTURE, 'site-config.yaml') },
    { cwd: FIXTURE, config: 'site-config.yaml' },
  ];
  const typed: Array<Record<string, string>> = [];
  for (const [index, { cwd, config }] of runs.entries()) {
    const out = join(await tempDir('refs-out'), `run${index}`);
    const validated = await runCli(['validate', '--no-cache', '-c', config], cwd);
    assert.equal(validated.code, 0, validated.stdout + validated.stderr);
    assert.match(validated.stdout + validated.stderr, /: 0 errors, 0 warnings/);
    const types = await runCli(['types', '--no-cache', '-c', config, '-o', out], cwd);
    assert.equal(types.code, 0, types.stdout + types.stderr);
    assert.match(types.stdout + types.stderr, /: 0 errors, 0 warnings/);
    await typeCheck(join(out, 'types'));
    const services = ['shop', 'legacy', 'own'];
    const texts = await Promise.all(services.map((service) => declarations(out, service)));
    typed.push(Object.fromEntries(services.map((service, i) => [service, texts[i] as string])));
    const built = await runCli(['build', '--no-cache', '-c', config, '-o', out], cwd);
    assert.equal(built.code, 0, built.stdout + built.stderr);
    assert.match(built.stdout + built.stderr, /: 0 errors, 0 warnings/);
    for (const html of await htmlFiles(join(out, 'site/api')))
      assert.doesNotMatch(html, /unresolved reference/, 'every $ref of the reference resolves');
    // Schemas kept in other files are named after their file (droplet.yaml) or pointer (networks.yaml#/Networks),
    // not after the place bundling put them (Owner.droplets, Owner.droplets.networks).
    const models = [
      ...(await readFile(join(out, 'site/api/shop/index.html'), 'utf8')).matchAll(/id="schema-([^"]+)"/g),
    ];
    assert.deepEqual(models.map((m) => m[1]).sort(), ['Droplet', 'Networks', 'Owner']);
  }
  assert.deepEqual(typed[0], typed[1], 'the same types from either working folder');
  const { shop = '', legacy = '', own = '' } = typed[0] ?? {};
  // A ref to the root's own file is the root's schema, not a second copy of it.
  assert.match(own, /parent\?: components\["schemas"\]\["Person"\];/);
  assert.doesNotMatch(shop + own, /schemas-Owner|schemas-Person/);
  assert.match(shop, /owner\?: components\["schemas"\]\["Owner"\];/);
  // Swagger 2.0 cycles across files, through properties, additionalProperties, allOf and items.
  assert.match(legacy, /parent\?: components\["schemas"\]\["Node"\];/);
  assert.match(legacy, /children\?: components\["schemas"\]\["Node"\]\[\];/);
});

test('the type generator is handed a document whose every $ref is internal, refs to its own file included', async () => {
  const path = join(FIXTURE, 'openapi/own.yaml');
  const document = parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  const bundled = await bundleForTypes(document, path, { dir: FIXTURE }, await typeGeneratorConfig());
  const refs = JSON.stringify(bundled).match(/"\$ref":"[^"]*"/g) ?? [];
  assert.deepEqual(
    [...new Set(refs)],
    ['"$ref":"#/components/schemas/Person"'],
    'a ref left naming a file is read by openapi-typescript from the working folder',
  );
});

test('values that are no schema where one must be, and cycles with no TypeScript type, still give a package that compiles', async () => {
  const out = join(await tempDir('not-a-schema'), 'out');
  const file = join(ROOT, 'test/fixtures/refs/not-a-schema.yaml');
  // The checks report each such value; a user who accepts the document as it is relaxes them.
  const run = await runCli(
    ['types', '--no-cache', '--rule', 'oas-schema=warning', '-o', out, file],
    await tempDir('cwd'),
  );
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.doesNotMatch(run.stdout + run.stderr, /types-generation/);
  const typed = await declarations(out, 'not-a-schema');
  assert.match(typed, /Thing: \{\n\s+type\?: unknown;\n\s+name\?: string;/, 'a string where a property schema must be');
  assert.match(typed, /Other: \{\n\s+\$ref\?: unknown;/, 'a $ref where the properties map must be');
  assert.match(typed, /"application\/json": unknown;/, 'a null media type object');
  assert.match(typed, /Loop: components\["schemas"\]\["Chain"\] & \{/);
  await typeCheck(join(out, 'types'));
});
