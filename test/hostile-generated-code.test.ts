import assert from 'node:assert/strict';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { CONSUMER_COMPILER_OPTIONS } from './consumer-project.js';
import { ROOT, runBin, runCli } from './helpers.js';
import { assertOneLocated, project } from './hostile-parsing-helpers.js';

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

describe('hostile parsing: generated code', () => {
  const HOSTILE_VERSION = '1 */ export declare const injected: 1; /*';
  const yamlContract = [
    'openapi: 3.0.3',
    `info: { title: T, version: ${JSON.stringify(HOSTILE_VERSION)} }`,
    'paths:',
    '  /a:',
    '    get:',
    '      operationId: hasOwnProperty',
    '      description: "evil */ export declare const fromDescription: 1; /*"',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    "              schema: { $ref: '#/components/schemas/__proto__' }",
    'components:',
    '  schemas:',
    '    __proto__:',
    '      type: object',
    '      description: "x */ export declare const fromSchema: 1; /*\\u2028export declare const afterSeparator: 1;"',
    '      required: [constructor]',
    '      properties:',
    '        constructor: { type: string }',
    '        __proto__: { type: string }',
    '        valueOf: { type: string, enum: ["a*/b", "c"] }',
    '    hasOwnProperty: { type: object, properties: { toString: { type: integer } } }',
    '    valueOf: { type: string }',
    '    constructor: { type: integer }',
    '    toString: { $ref: "#/components/schemas/constructor" }',
    '    Pet:',
    '      type: object',
    '      required: [kind]',
    '      properties: { kind: { type: string } }',
    '      discriminator: { propertyName: kind, mapping: { valueOf: valueOf, isPrototypeOf: "#/components/schemas/constructor" } }',
    '',
  ].join('\n');
  const jsonContract = JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'J', version: '2.0.0' },
    paths: {},
    components: {
      schemas: JSON.parse(
        '{"__proto__": {"type": "object", "properties": {"__proto__": {"type": "boolean"}, "propertyIsEnumerable": {"type": "string"}}}, "toLocaleString": {"type": "string"}}',
      ),
    },
  });

  test('a hostile info.version and descriptions stay comments, inherited names are typed, and tsc accepts the package', async () => {
    assert.ok(jsonContract.includes('"__proto__":{"type":"object"'), 'the fixture keeps its __proto__ key');
    const dir = await project({
      'site-config.yaml':
        "title: T\ntypes: { packageName: '@hostile/types' }\napis:\n  - { id: svc, spec: openapi/svc.yaml }\n  - { id: jsvc, spec: openapi/jsvc.json }\n",
      'openapi/svc.yaml': yamlContract,
      'openapi/jsvc.json': jsonContract,
    });
    const run = await runCli(['types', '--no-cache'], dir);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    for (const service of ['svc', 'jsvc']) {
      const text = await readFile(join(dir, 'out/types', `${service}.d.ts`), 'utf8');
      assert.doesNotMatch(text, /specsite_inherited/);
      // Only declarations of types at the top level: nothing the contract wrote became a value.
      const source = ts.createSourceFile(`${service}.d.ts`, text, ts.ScriptTarget.ES2022, true);
      for (const statement of source.statements) {
        assert.ok(
          ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement),
          `unexpected ${ts.SyntaxKind[statement.kind]}: ${statement.getText().slice(0, 80)}`,
        );
      }
    }
    const svc = await readFile(join(dir, 'out/types/svc.d.ts'), 'utf8');
    assert.match(svc, /version 1 \*\\\/ export declare const injected: 1; \/\*\./);
    assert.doesNotMatch(svc, /\u2028/);

    const consumer = join(dir, 'consumer');
    await mkdir(join(consumer, 'node_modules/@hostile'), { recursive: true });
    await symlink(join(dir, 'out/types'), join(consumer, 'node_modules/@hostile/types'), 'dir');
    await writeFile(
      join(consumer, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    await writeFile(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: CONSUMER_COMPILER_OPTIONS,
        files: ['consumer.ts'],
      }),
    );
    await writeFile(
      join(consumer, 'consumer.ts'),
      [
        "import type { components, operations, __proto__ as Proto, hasOwnProperty as Own, valueOf as ValueOf, constructor as Ctor, toString as ToString, Pet } from '@hostile/types/svc';",
        "import type { __proto__ as JsonProto, toLocaleString } from '@hostile/types/jsvc';",
        'declare const p: Proto;',
        'export const ctor: string = p.constructor;',
        'export const proto: string | undefined = p.__proto__;',
        "export const value: 'a*/b' | 'c' | undefined = p.valueOf;",
        'export const own: number | undefined = ({} as Own).toString;',
        "export const v: ValueOf = 'text';",
        'export const c: Ctor = 1;',
        'export const s: ToString = 2;',
        "export const body: operations['hasOwnProperty']['responses'][200]['content']['application/json'] = p;",
        "export const same: components['schemas']['__proto__'] = p;",
        "export const pet: Pet['kind'] = 'valueOf';",
        'declare const j: JsonProto;',
        'export const flag: boolean | undefined = j.__proto__;',
        'export const text: string | undefined = j.propertyIsEnumerable;',
        "export const locale: toLocaleString = 'x';",
        '// @ts-expect-error `constructor` is an integer in the contract',
        "export const wrong: Ctor = 'one';",
        '// @ts-expect-error `constructor` is required',
        'export const missing: Proto = {};',
        '',
      ].join('\n'),
    );
    const checked = await runBin(TSC, ['-p', 'tsconfig.json'], consumer);
    assert.equal(checked.code, 0, `tsc failed:\n${checked.stdout}${checked.stderr}`);
  });

  test('a contract in several files with an inherited name: one located [types-generation] error, not a crash', async () => {
    const dir = await project({
      'site-config.yaml': 'title: T\napis:\n  - { id: m, spec: openapi/m.yaml }\n',
      'openapi/m.yaml':
        "openapi: 3.0.3\ninfo: { title: M, version: 1.0.0 }\npaths:\n  /a:\n    get:\n      responses:\n        '200': { description: ok, content: { application/json: { schema: { $ref: 'other.yaml#/Thing' } } } }\n",
      'openapi/other.yaml': 'Thing:\n  type: object\n  properties:\n    valueOf: { type: string }\n',
    });
    const line = assertOneLocated(
      await runCli(['types', '--no-cache'], dir),
      'openapi/other.yaml',
      'types-generation',
      4,
    );
    assert.match(
      line,
      /:4:5 error \[types-generation\] the type generator cannot handle the name "valueOf" in a contract that spans several files/,
    );
  });

  test('types.version in the config must be a semantic version: a located config error', async () => {
    const dir = await project({
      'site-config.yaml':
        'title: T\ntypes:\n  packageName: "@x/types"\n  version: "1.0.0\\n  \\"main\\": \\"evil.js\\""\n',
    });
    const run = await runCli(['validate'], dir);
    const line = assertOneLocated(run, 'site-config.yaml', 'config-invalid', 4);
    assert.match(line, /semantic versioning/);
  });
});
