import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { runMain, tempDir, type Run } from './helpers.js';
import { diagnostics } from './hostile-routes-helpers.js';

// Names that every plain object already answers to (its prototype's): a lookup by a name the input
// chose must treat each as an ordinary word, never find the prototype's member.
const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'] as const;

const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

/** A project of `files` in a temp folder; the config names the contract `openapi/svc.yaml` when there is one. */
async function project(files: Record<string, string>): Promise<string> {
  const dir = await tempDir('property-names');
  const apis = Object.hasOwn(files, 'openapi/svc.yaml') ? '\n  - { id: svc, spec: openapi/svc.yaml }' : ' []';
  const all = { 'site-config.yaml': `title: T\napis:${apis}\n`, ...files };
  for (const [path, text] of Object.entries(all)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

function cli(dir: string, command: 'build' | 'validate', ...more: string[]): Promise<Run> {
  const config = ['--config', join(dir, 'site-config.yaml')];
  return runMain(
    command === 'build'
      ? ['build', '--no-cache', ...config, '--out', join(dir, 'out'), ...more]
      : ['validate', '--no-cache', ...config, ...more],
  );
}

/** No crash of any kind: no internal error, no message a lookup on a prototype makes, no stack trace. */
function assertNoCrash(run: Run): void {
  const output = run.stdout + run.stderr;
  assert.doesNotMatch(output, /internal error|Cannot read properties|is not a function|not valid as a React child/);
  assert.doesNotMatch(output, STACK_LINE);
}

/** The diagnostics as `file:line rule` (the file's name only), sorted. */
function found(run: Run): string[] {
  return diagnostics(run)
    .map((d) => `${d.file.split('/').pop()}:${d.line} ${d.severity} [${d.rule}]`)
    .sort();
}

/** A page titled `title` (each page its own, or they share one: a warning), then a heading and `body` on line 8. */
function page(body: string, title = 'Page'): string {
  return `---\ntitle: ${title}\ndescription: A page.\n---\n\n# Hi\n\n${body}\n`;
}

describe('hostile input: names an object inherits are ordinary names', () => {
  test('a code language of each name is an unknown language (MDX, Markdown, x-codeSamples), shown as text', async () => {
    const files: Record<string, string> = {
      'openapi/svc.yaml': [
        'openapi: 3.0.3',
        'info: { title: T, version: "1.0.0" }',
        'paths:',
        '  /a:',
        '    get:',
        '      operationId: getA',
        '      x-codeSamples:',
        ...NAMES.map((name) => `        - { lang: ${name}, label: Tab-${name}, source: "sample_${name}()" }`),
        "      responses: { '200': { description: ok } }",
        '',
      ].join('\n'),
    };
    for (const name of NAMES) {
      files[`content/docs/x${name}.mdx`] = page(`\`\`\`${name}\nmdx_${name} = 1\n\`\`\``, `MDX ${name}`);
      files[`content/docs/y${name}.md`] = page(`\`\`\`${name}\nmd_${name} = 1\n\`\`\``, `MD ${name}`);
    }
    const dir = await project(files);
    const run = await cli(dir, 'build');
    assertNoCrash(run);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    // The same warning an unknown language gets, at each fence.
    const expected = NAMES.flatMap((name) => [
      `x${name}.mdx:8 warning [code-language]`,
      `y${name}.md:8 warning [code-language]`,
    ]).sort();
    assert.deepEqual(found(run), expected);
    for (const name of NAMES) {
      assert.match(run.stdout, new RegExp(`unknown code language "${name}"`));
      const html = await readFile(join(dir, `out/site/docs/x${name}/index.html`), 'utf8');
      assert.match(html, new RegExp(`mdx_${name} = 1`));
    }
    const api = await readFile(join(dir, 'out/site/api/svc/index.html'), 'utf8');
    for (const name of NAMES) {
      assert.match(api, new RegExp(`Tab-${name}`));
      assert.match(api, new RegExp(`sample_${name}\\(\\)`));
    }
  });

  test('an element of each name is an HTML element, and <Constructor> an unknown component', async () => {
    const files: Record<string, string> = { 'content/docs/Cap.mdx': page('<Constructor />') };
    for (const name of NAMES) files[`content/docs/e${name}.mdx`] = page(`<${name} />`);
    const dir = await project(files);
    const run = await cli(dir, 'validate');
    assertNoCrash(run);
    assert.equal(run.code, 1);
    // Not a contract component asking for `service="…"`: the error any unknown element gets.
    const expected = [
      'Cap.mdx:8 error [unknown-component]',
      ...NAMES.map((name) => `e${name}.mdx:8 error [unsafe-html]`),
    ].sort();
    assert.deepEqual(found(run), expected);
  });

  test('admonitions and front matter keys of each name are the ordinary located errors', async () => {
    const files: Record<string, string> = {};
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'])
      files[`content/docs/a${name}.mdx`] = page(`:::${name}\nText\n:::`);
    for (const name of NAMES)
      files[`content/docs/f${name}.mdx`] = `---\ntitle: Page\ndescription: A page.\n${name}: x\n---\n\n# Hi\n`;
    const dir = await project(files);
    const run = await cli(dir, 'validate');
    assertNoCrash(run);
    assert.equal(run.code, 1);
    const expected = [
      ...['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'].map(
        (name) => `a${name}.mdx:8 error [unknown-admonition]`,
      ),
      ...NAMES.map((name) => `f${name}.mdx:4 error [front-matter]`),
    ].sort();
    assert.deepEqual(found(run), expected);
  });

  test('rule ids and config keys of each name are unknown ones', async () => {
    const dir = await project({});
    for (const severity of ['error', 'off']) {
      // Exactly what a rule id nobody registered gets.
      const unknown = await cli(dir, 'validate', '--rule', `no-such-rule=${severity}`);
      assert.match(unknown.stderr, /unknown rule "no-such-rule"/);
      for (const name of NAMES) {
        const run = await cli(dir, 'validate', '--rule', `${name}=${severity}`);
        assertNoCrash(run);
        assert.equal(run.code, unknown.code);
        assert.equal(run.stderr, unknown.stderr.replaceAll('no-such-rule', name));
      }
    }
    const lines = [
      `rules: { ${NAMES.map((name) => `${name}: error`).join(', ')} }`,
      ...NAMES.map((name) => `${name}: 1`),
      `colorMode: { ${NAMES.map((name) => `${name}: 1`).join(', ')} }`,
    ];
    await writeFile(join(dir, 'site-config.yaml'), `title: T\napis: []\n${lines.join('\n')}\n`);
    const run = await cli(dir, 'validate');
    assertNoCrash(run);
    assert.equal(run.code, 1);
    const pointers = diagnostics(run).map((d) => `${d.rule} ${d.pointer}`);
    assert.deepEqual(
      pointers.sort(),
      NAMES.flatMap((name) => [`#/rules/${name}`, `#/${name}`, `#/colorMode/${name}`])
        .map((pointer) => `config-unknown-key ${pointer}`)
        .sort(),
    );
  });

  test('a locale code of each name is shown as itself in the language menu', async () => {
    const dir = await project({ 'content/docs/index.mdx': page('Text.') });
    const config = `title: T\napis: []\ni18n: { defaultLocale: en, locales: [en, ${NAMES.join(', ')}] }\nnavbar: { items: [ { type: localeDropdown } ] }\n`;
    await writeFile(join(dir, 'site-config.yaml'), config);
    const run = await cli(dir, 'build');
    assertNoCrash(run);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const html = await readFile(join(dir, 'out/site/docs/index.html'), 'utf8');
    for (const name of NAMES) assert.match(html, new RegExp(`lang="${name}"[^>]*>${name}</a>`));
  });
  test('a contract of such names builds: reference, Markdown twin, JSON Schemas, MCP data and examples', async () => {
    const contract = [
      'openapi: 3.1.0',
      'info: { title: T, version: "1.0.0" }',
      'servers: [{ url: "https://{constructor}.example.com/{__proto__}" }]',
      'tags: [{ name: constructor }, { name: __proto__ }, { name: toString }]',
      'paths:',
      '  /a:',
      '    post:',
      '      operationId: constructor',
      '      tags: [constructor]',
      '      security: [{ __proto__: [] }, { constructor: [] }]',
      '      parameters: [{ name: hasOwnProperty, in: query, schema: { type: string } }]',
      '      requestBody:',
      '        content:',
      '          application/json:',
      "            schema: { $ref: '#/components/schemas/__proto__' }",
      '            example: { constructor: "c", __proto__: "p", toString: 4 }',
      "          __proto__: { schema: { $ref: '#/components/schemas/constructor' } }",
      '      responses:',
      "        '200':",
      '          description: ok',
      '          headers: { constructor: { schema: { type: string } }, __proto__: { schema: { type: string } } }',
      '          content:',
      "            constructor: { schema: { $ref: '#/components/schemas/toString' } }",
      "            __proto__: { schema: { $ref: '#/components/schemas/hasOwnProperty' } }",
      '  /b:',
      '    get:',
      '      operationId: __proto__',
      '      tags: [__proto__]',
      '      responses:',
      "        '200':",
      '          description: ok',
      '          content:',
      '            application/json:',
      "              schema: { $ref: '#/components/schemas/hasOwnProperty' }",
      // Required but absent: an own-property check finds it missing.
      '              example: { toString: 4 }',
      'components:',
      '  securitySchemes:',
      '    __proto__: { type: http, scheme: bearer }',
      '    constructor: { type: apiKey, in: header, name: X-Key }',
      '  schemas:',
      '    __proto__:',
      '      type: object',
      '      required: [constructor]',
      '      properties:',
      '        constructor: { type: string }',
      '        __proto__: { type: string }',
      '        hasOwnProperty: { type: string, format: constructor }',
      '        toString: { type: integer, minimum: 3 }',
      '        valueOf: { type: string, format: __proto__ }',
      '    hasOwnProperty:',
      '      type: object',
      '      required: [constructor, toString]',
      '      properties: { constructor: { type: string }, toString: { type: integer } }',
      '    constructor: { type: integer, format: toString }',
      "    toString: { $ref: '#/components/schemas/constructor' }",
      '    valueOf: { type: string, enum: [constructor, __proto__] }',
      '',
    ].join('\n');
    const dir = await project({
      'openapi/svc.yaml': contract,
      // A tagged example without `hasOwnProperty` or `valueOf`: nothing is found on its prototype.
      'content/docs/index.mdx': page(
        '<Schema service="svc" name="__proto__" />\n\n<Operation service="svc" id="constructor" />\n\n' +
          '```json schema=svc#__proto__\n{ "constructor": "c", "__proto__": "p" }\n```',
      ),
    });
    const run = await cli(dir, 'build');
    assertNoCrash(run);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    // The one problem: the example that leaves out a required `constructor`.
    assert.deepEqual(found(run), ['svc.yaml:35 warning [example-valid]']);
    assert.match(run.stdout, /missing required property "constructor"/);

    const out = join(dir, 'out');
    const html = await readFile(join(out, 'site/api/svc/index.html'), 'utf8');
    for (const name of ['schema-__proto__', 'schema-constructor', 'schema-hasOwnProperty', 'schema-valueOf'])
      assert.match(html, new RegExp(`id="${name}"`));
    const twin = await readFile(join(out, 'site/api/svc/index.md'), 'utf8');
    for (const row of [
      '| `constructor` | `string` | yes |',
      '| `__proto__` | `string` | no |',
      // The schemes named `__proto__` and `constructor`, each told in words.
      'Send the token as `Authorization: Bearer <token>`.',
      'Send the key in the `X-Key` header.',
    ])
      assert.ok(twin.includes(row), row);

    const schema = JSON.parse(await readFile(join(out, 'schemas/svc/__proto__.json'), 'utf8')) as {
      properties: Record<string, unknown>;
    };
    assert.deepEqual(Object.keys(schema.properties), [
      'constructor',
      '__proto__',
      'hasOwnProperty',
      'toString',
      'valueOf',
    ]);

    interface Media {
      schemaName?: string;
      examples: Array<{ value: string; generated: boolean }>;
    }
    const reference = JSON.parse(await readFile(join(out, 'mcp/api/svc/reference.json'), 'utf8')) as {
      operations: Array<{
        operationId: string;
        requestBody?: { content: Record<string, Media> };
        responses: Record<string, { headers: Record<string, unknown>; content: Record<string, Media> }>;
      }>;
      models: Array<{ name: string }>;
    };
    const post = reference.operations.find((o) => o.operationId === 'constructor');
    assert.ok(post?.requestBody);
    assert.deepEqual(Object.keys(post.requestBody.content), ['application/json', '__proto__']);
    assert.equal(post.requestBody.content.__proto__?.schemaName, 'constructor');
    assert.deepEqual(JSON.parse(post.requestBody.content['application/json']?.examples[0]?.value ?? ''), {
      constructor: 'c',
      ['__proto__']: 'p',
      toString: 4,
    });
    const ok = post.responses['200'];
    assert.deepEqual(Object.keys(ok?.headers ?? {}), ['constructor', '__proto__']);
    assert.deepEqual(Object.keys(ok?.content ?? {}), ['constructor', '__proto__']);
    assert.equal(ok?.content.__proto__?.schemaName, 'hasOwnProperty');
    assert.deepEqual(
      reference.models.map((m) => m.name),
      ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf'],
    );
    assert.match(run.stdout, /and 7 API entries/);
  });
});
