import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, symlink, truncate, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { serialize } from 'node:v8';
import ts from 'typescript';
import { fitsKind, type CacheKind } from '../generator/cache/shapes.js';
import { MAX_NESTING_DEPTH } from '../generator/sources/limits.js';
import { parseSourceText } from '../generator/sources/source-file.js';
import { ROOT, runBin, runCli, tempDir, type Run } from './helpers.js';

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

/** A temp project: the given files (text or bytes) under their relative paths. */
async function project(files: Record<string, string | Uint8Array>): Promise<string> {
  const dir = await tempDir('hostile-parsing');
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

/** The diagnostic lines of a text report (all but the summary). */
function problemLines(run: Run): string[] {
  return run.stdout
    .split('\n')
    .filter((line) => line !== '' && !/^validated |^built |: \d+ errors?, \d+ warnings?$/.test(line));
}

/** Exactly one problem, `file:line:col error [rule] …`, exit 1, no stack trace. */
function assertOneLocated(run: Run, file: string, rule: string, line?: number): string {
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.doesNotMatch(run.stdout + run.stderr, STACK_LINE);
  const lines = problemLines(run);
  assert.equal(lines.length, 1, run.stdout);
  const match = /^(\S+):(\d+):(\d+) error \[([a-z-]+)\] (.+)$/.exec(lines[0] as string);
  assert.ok(match, `not a located line: ${lines[0]}`);
  assert.equal(match[1], file);
  assert.equal(match[4], rule, lines[0]);
  if (line !== undefined) assert.equal(Number(match[2]), line, lines[0]);
  return lines[0] as string;
}

const CONTRACT_HEAD = 'openapi: 3.0.3\ninfo: { title: T, version: "1.0.0" }\npaths: {}\n';

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
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          skipLibCheck: false,
          types: [],
        },
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

describe('hostile parsing: diagnostics print control characters visibly', () => {
  const evilKey = 'x\n::error file=evil.yaml,line=1::owned\u001b[2J\u202eabc\u2028\u0085';
  const contract = JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1', [evilKey]: 1 }, paths: {} });

  for (const format of ['text', 'github', 'markdown'] as const) {
    test(`${format}: one line per problem, escapes instead of control characters`, async () => {
      const dir = await project({ 'evil.json': contract });
      const run = await runCli(['validate', '--format', format, 'evil.json'], dir);
      assert.equal(run.code, 1, run.stdout + run.stderr);
      // eslint-disable-next-line no-control-regex
      assert.doesNotMatch(
        run.stdout,
        /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/,
      );
      assert.ok(!run.stdout.split('\n').some((line) => line.startsWith('::error file=evil.yaml')), run.stdout);
      const lines = run.stdout.split('\n').filter((line) => line.includes('unknown field'));
      assert.equal(lines.length, 1, run.stdout);
      for (const escape of ['\\n::error file=evil.yaml', '\\x1b[2J', '\\u202e', '\\u2028', '\\x85'])
        assert.ok((lines[0] as string).replaceAll('\\[', '[').includes(escape), `${escape} in ${lines[0]}`);
    });
  }

  test('json: the key comes back as it was written', async () => {
    const dir = await project({ 'evil.json': contract });
    const run = await runCli(['validate', '--format', 'json', 'evil.json'], dir);
    const report = JSON.parse(run.stdout) as { diagnostics: { message: string; pointer?: string }[] };
    assert.ok(
      report.diagnostics.some((d) => d.message.includes(evilKey) && d.pointer === `/info/${evilKey}`),
      run.stdout,
    );
  });
});

describe('hostile parsing: JSON keys', () => {
  test('a key given twice in a JSON contract is a parse error at its second occurrence', async () => {
    const dir = await project({
      'dup.json':
        '{\n  "openapi": "3.0.3",\n  "info": { "title": "t", "version": "1" },\n  "paths": {},\n  "info": { "title": "u", "version": "2" }\n}\n',
    });
    const line = assertOneLocated(await runCli(['validate', 'dup.json'], dir), 'dup.json', 'parse', 5);
    assert.match(
      line,
      /:5:3 error \[parse\] invalid JSON: the key "info" is given twice in one object \(first on line 3\)/,
    );
  });

  test('a duplicate deep inside, after strings full of escaped quotes and backslashes, is found; the same text without it is fine', async () => {
    const tricky = { description: 'a \\" quote\\\\', 'x-a\\': ['\\', '"', '\\"', ':'], 'x-": "': { '"': '\\\\\\"' } };
    const clean = JSON.stringify(
      { openapi: '3.0.3', info: { title: 't', version: '1', ...tricky }, paths: {} },
      null,
      1,
    );
    const dir = await project({
      'clean.json': clean,
      'dup.json': clean.replace('"paths": {}', '"paths": {"/a": {}, "/b": {}, "/a": {}}'),
    });
    const ok = await runCli(['validate', 'clean.json'], dir);
    assert.equal(ok.code, 0, ok.stdout + ok.stderr);
    const line = assertOneLocated(await runCli(['validate', 'dup.json'], dir), 'dup.json', 'parse');
    assert.match(line, /the key "\/a" is given twice/);
  });

  test('a "__proto__" key in JSON and YAML is an ordinary key', () => {
    for (const [name, text] of [
      ['a.json', '{"__proto__": {"polluted": true}, "constructor": 1}'],
      ['a.yaml', '__proto__: { polluted: true }\nconstructor: 1\n'],
    ] as const) {
      const parsed = parseSourceText(name, text);
      assert.ok(parsed.ok);
      const data = parsed.file.data as Record<string, unknown>;
      assert.deepEqual(Object.keys(data), ['__proto__', 'constructor'], name);
      assert.equal(Object.getPrototypeOf(data), Object.prototype);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    }
  });
});

describe('hostile parsing: encodings', () => {
  const utf8 = (text: string) => Buffer.from(text, 'utf8');
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

  test('a UTF-8 byte-order mark is dropped in the config and in YAML and JSON contracts', async () => {
    const dir = await project({
      'site-config.yaml': Buffer.concat([
        BOM,
        utf8('title: T\napis:\n  - { id: y, spec: openapi/y.yaml }\n  - { id: j, spec: openapi/j.json }\n'),
      ]),
      'openapi/y.yaml': Buffer.concat([BOM, utf8(CONTRACT_HEAD)]),
      'openapi/j.json': Buffer.concat([
        BOM,
        utf8(JSON.stringify({ openapi: '3.0.3', info: { title: 'J', version: '1.0.0' }, paths: {} })),
      ]),
    });
    const run = await runCli(['validate'], dir);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /validated 2 documents and 0 pages: 0 errors, 0 warnings/);
  });

  const cases: [string, string, Buffer, RegExp, number][] = [
    [
      'UTF-16 with a byte-order mark',
      'u16.yaml',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CONTRACT_HEAD, 'utf16le')]),
      /:1:1 error \[encoding\] the file is not UTF-8 text: it looks like UTF-16/,
      1,
    ],
    [
      'UTF-16 big-endian without one',
      'u16.json',
      Buffer.from(Buffer.from('{"openapi": "3.0.3"}', 'utf16le').swap16()),
      /:1:1 error \[encoding\] the file is not UTF-8 text: it looks like UTF-16/,
      1,
    ],
    [
      'a Latin-1 byte',
      'latin1.yaml',
      Buffer.concat([
        utf8('openapi: 3.0.3\ninfo:\n  title: caf'),
        Buffer.from([0xe9]),
        utf8('\n  version: "1"\npaths: {}\n'),
      ]),
      /:3:13 error \[encoding\] the file is not UTF-8 text: byte 0xe9 here is not UTF-8/,
      3,
    ],
    [
      'a truncated sequence after a valid one',
      'cut.json',
      Buffer.concat([utf8('{"openapi": "3.0.3", "x": "é'), Buffer.from([0xe2, 0x82]), utf8('"}')]),
      /:1:29 error \[encoding\]/,
      1,
    ],
  ];
  for (const [what, file, bytes, expected, line] of cases) {
    test(`a contract in ${what} is one located [encoding] error`, async () => {
      const dir = await project({ [file]: bytes });
      assert.match(assertOneLocated(await runCli(['validate', file], dir), file, 'encoding', line), expected);
    });
  }

  test('a config in UTF-16 is one located [encoding] error', async () => {
    const dir = await project({
      'site-config.yaml': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('title: T\n', 'utf16le')]),
    });
    assertOneLocated(await runCli(['validate'], dir), 'site-config.yaml', 'encoding', 1);
  });
});

describe('hostile parsing: limits', () => {
  const nestedFlow = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

  test(`nesting: ${MAX_NESTING_DEPTH} levels parse, one more is a [depth-limit] error at the level that goes past`, () => {
    const body = (n: number) => `{"a": ${nestedFlow(n - 1)}}`;
    for (const name of ['x.json', 'x.yaml']) {
      assert.equal(parseSourceText(name, body(MAX_NESTING_DEPTH)).ok, true, name);
      const deeper = parseSourceText(name, body(MAX_NESTING_DEPTH + 1));
      assert.ok(!deeper.ok, name);
      assert.deepEqual(
        deeper.diagnostics.map((d) => [d.rule, d.line, d.column]),
        [['depth-limit', 1, 7 + MAX_NESTING_DEPTH - 1]],
        name,
      );
    }
  });

  const deep: [string, string, string][] = [
    [
      '600 levels of JSON',
      'deep.json',
      `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, "x-deep": ${nestedFlow(600)}}`,
    ],
    ['10,000 levels of YAML flow collections', 'deep.yaml', `${CONTRACT_HEAD}x-deep: ${nestedFlow(10_000)}\n`],
    ['200,000 unclosed brackets, not even valid JSON', 'unclosed.json', '['.repeat(200_000)],
    ['100,000 unclosed objects, not even valid JSON', 'objects.json', '{"a":'.repeat(100_000)],
    ['200,000 unclosed YAML flow sequences', 'unclosed.yaml', `a: ${'['.repeat(200_000)}`],
    [
      '600 levels of YAML block mappings',
      'block.yaml',
      `${CONTRACT_HEAD}x-deep:\n${Array.from({ length: 600 }, (_, i) => `${' '.repeat(i + 1)}a:`).join('\n')} 1\n`,
    ],
  ];
  for (const [what, file, text] of deep) {
    test(`${what}: one located [depth-limit] error, quickly`, async () => {
      const dir = await project({ [file]: text });
      const start = Date.now();
      const run = await runCli(['validate', file], dir);
      assertOneLocated(run, file, 'depth-limit');
      assert.ok(Date.now() - start < 20_000, `${Date.now() - start} ms`);
    });
  }

  test('a config nested 1,000 levels deep is one located [depth-limit] error', async () => {
    const dir = await project({ 'site-config.yaml': `title: T\nx: ${nestedFlow(1000)}\n` });
    assertOneLocated(await runCli(['validate'], dir), 'site-config.yaml', 'depth-limit', 2);
  });

  test('99 aliases of a 6 MB string: a located [parse] error at the alias that passes 64 MB, quickly and in little memory', async () => {
    const big = 'x'.repeat(6 * 1024 * 1024);
    const text = `${CONTRACT_HEAD}x-big: &big "${big}"\nx-copies:\n${Array.from({ length: 99 }, () => '  - *big').join('\n')}\n`;
    const dir = await project({ 'aliases.yaml': text });
    const start = Date.now();
    const run = await runCli(['validate', 'aliases.yaml'], dir);
    // 6 MB of text and ten copies pass 64 MB: the tenth alias, on line 5 + 10.
    assert.match(assertOneLocated(run, 'aliases.yaml', 'parse', 15), /aliases repeat more than 64 MB/);
    assert.ok(Date.now() - start < 30_000, `${Date.now() - start} ms`);
  });

  test('nested aliases ("a billion laughs") are refused', async () => {
    const lines = [
      CONTRACT_HEAD.trimEnd(),
      'x-a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
    ];
    for (let i = 1; i < 10; i++)
      lines.push(`x-${i}: &l${i} [${Array.from({ length: 10 }, () => (i === 1 ? '*a' : `*l${i - 1}`)).join(', ')}]`);
    const dir = await project({ 'laughs.yaml': `${lines.join('\n')}\n` });
    const start = Date.now();
    assertOneLocated(await runCli(['validate', 'laughs.yaml'], dir), 'laughs.yaml', 'parse');
    assert.ok(Date.now() - start < 20_000, `${Date.now() - start} ms`);
  });

  test('a file over 64 MB is refused before it is read', async () => {
    const dir = await project({ 'huge.json': '' });
    await truncate(join(dir, 'huge.json'), 65 * 1024 * 1024);
    const run = await runCli(['validate', 'huge.json'], dir);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^huge\.json error \[parse\] the file is 65 MB, more than the 64 MB a file may have$/m);
  });
});

describe('hostile parsing: the build cache', () => {
  /** Every file under `dir`, by relative path. */
  async function snapshot(dir: string): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) {
        const path = join(entry.parentPath, entry.name);
        out.set(relative(dir, path), (await readFile(path)).toString('base64'));
      }
    }
    return out;
  }

  /** A value of the wrong shape for each kind, and garbage that is not even V8's format. */
  const WRONG: Record<CacheKind, unknown> = {
    yaml: 'not a document',
    contracts: [
      { file: 'openapi/pets.yaml', line: 1, column: 1, severity: 'fatal', rule: 'oas-schema', message: 'forged' },
      { nonsense: true },
    ],
    types: { declarations: 'export declare const forged: 1;' },
    pages: {
      tree: '{}',
      treeHash: 'x',
      anchors: [],
      toc: [],
      links: [],
      diagnostics: 'none',
      routes: [],
      images: [],
      contracts: null,
    },
    reference: { pages: [{ route: '/forged/' }], files: [['forged.json', 1]] },
    samples: { forged: 1 },
    html: { html: '<script>forged()</script>' },
    navbar: 'yes',
    client: { js: 'forged()' },
  };

  test('no kind takes the wrong shape of any other', () => {
    for (const kind of Object.keys(WRONG) as CacheKind[]) {
      assert.equal(fitsKind(kind, WRONG[kind]), false, kind);
      for (const value of [undefined, null, 0, false])
        assert.equal(fitsKind(kind, value), false, `${kind}: ${JSON.stringify(value)}`);
    }
    assert.equal(fitsKind('client', { js: 'a', css: 'b' }), true);
  });

  test('entries of the wrong shape, or garbage, in every kind: the build is the same as without a cache, with 0 errors', async () => {
    const dir = await project({
      'site-config.yaml': [
        'title: Cached',
        'navbar: { items: [{ type: link, label: Pets, to: /pets/ }] }',
        'announcementBar: { id: a, content: "Hello **there**" }',
        'apis:',
        '  - { id: pets, spec: openapi/pets.yaml }',
        '',
      ].join('\n'),
      'openapi/pets.yaml': [
        'openapi: 3.0.3',
        'info: { title: Pets, version: 1.0.0 }',
        'paths:',
        '  /pets:',
        '    get:',
        '      operationId: listPets',
        '      responses:',
        "        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }",
        'components:',
        '  schemas:',
        '    Pet: { type: object, required: [name], properties: { name: { type: string } } }',
        '',
      ].join('\n'),
      'content/docs/index.mdx':
        '---\ntitle: Home\ndescription: The home page.\n---\n\n# Home\n\nSee [the pets](/pets/).\n',
    });
    const fresh = await runCli(['build', '--no-cache'], dir);
    assert.equal(fresh.code, 0, fresh.stdout + fresh.stderr);
    const expected = await snapshot(join(dir, 'out'));

    const first = await runCli(['build'], dir);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const cacheDir = join(dir, '.cache/specsite');
    const kinds = (await readdir(cacheDir, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name as CacheKind);
    // (The client comes prebuilt with specsite, so a build writes no entry for it.)
    for (const kind of ['yaml', 'contracts', 'types', 'pages', 'reference', 'html', 'navbar'] as const)
      assert.ok(kinds.includes(kind), `a build writes ${kind} entries`);
    // What a build writes fits its kind, or every build would miss.
    const { deserialize } = await import('node:v8');
    let entries = 0;
    for (const kind of kinds) {
      for (const entry of await readdir(join(cacheDir, kind), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        assert.ok(fitsKind(kind, deserialize(await readFile(path))), `${kind}/${entry.name} fits its kind`);
        // Every other entry gets garbage instead of the wrong shape.
        await writeFile(path, entries++ % 2 === 0 ? serialize(WRONG[kind]) : Buffer.from('{"garbage": tru'));
      }
    }
    assert.ok(entries >= 8);

    const second = await runCli(['build'], dir);
    assert.equal(second.code, 0, second.stdout + second.stderr);
    assert.match(second.stdout, /: 0 errors, 0 warnings/);
    const actual = await snapshot(join(dir, 'out'));
    assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort());
    for (const [path, content] of expected) {
      if (path === 'build-report.json') continue;
      assert.equal(actual.get(path), content, path);
    }
  });
});
