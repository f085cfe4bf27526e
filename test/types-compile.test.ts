import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BuildCache } from '../generator/cache/store.js';
import { validateContract } from '../generator/contracts/validate.js';
import type { Diagnostic } from '../generator/diagnostics/diagnostic.js';
import { generateTypes, type TypesInput } from '../generator/types/index.js';
import { fromFiles } from '../generator/types/input.js';

/**
 * A cache that hands back the same declarations for every service, as a damaged or foreign entry would:
 * the one way left to get declarations that do not compile from a contract that validates.
 */
function cacheWith(declarations: string): BuildCache {
  const cache = BuildCache.disabled();
  cache.get = async <T>() => ({ declarations, renamed: [] }) as T;
  return cache;
}

const BROKEN = [
  'export interface paths {}',
  'export interface components {',
  '    schemas: {',
  '        "simple-user": Infinity;',
  '    };',
  '}',
  '',
].join('\n');

async function input(verify: boolean, rules: TypesInput['rules'] = {}): Promise<TypesInput> {
  const { contract } = await validateContract('test/fixtures/types/awkward-names.yaml');
  assert.ok(contract);
  return {
    apis: [{ api: { id: 'awkward' } as never, versions: [{ version: '1.0.0', contract }] }],
    packageName: 'api-types',
    packageVersion: undefined,
    schemaIdBase: 'http://localhost/schemas/',
    rules,
    cache: cacheWith(BROKEN),
    verify,
  };
}

test('declarations that do not compile are refused, located at the schema they came from', async () => {
  const refused = await generateTypes(await input(true));
  assert.deepEqual(
    refused.diagnostics.map((d: Diagnostic) => [d.file, d.line, d.column, d.severity, d.rule, d.pointer]),
    [
      [
        'test/fixtures/types/awkward-names.yaml',
        22,
        18,
        'error',
        'types-generation',
        '/components/schemas/simple-user',
      ],
    ],
  );
  assert.match(
    refused.diagnostics[0]!.message,
    /do not compile, so the types package has no "awkward" entry: awkward\.d\.ts:4:/,
  );
  assert.deepEqual(refused.typed, []);
  assert.equal(refused.files.has('types/awkward.d.ts'), false);
  assert.doesNotMatch(refused.files.get('types/index.d.ts') ?? '', /awkward/);

  // The build writes what it has without compiling it (the check would cost a cold build seconds).
  const unchecked = await generateTypes(await input(false));
  assert.deepEqual(unchecked.diagnostics, []);
  assert.equal(unchecked.files.get('types/awkward.d.ts'), BROKEN);
});

test('`specsite types` compiles what it writes, for the given files', async () => {
  const prepared = await fromFiles(['test/fixtures/types/awkward-names.yaml'], {});
  assert.equal(prepared.input?.verify, true);
});
