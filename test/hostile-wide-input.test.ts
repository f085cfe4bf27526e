import { CONTENT_BUDGET } from '../generator/config/content-budget-schema.js';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli, tempDir, type Run } from './helpers.js';
import { assertOneLocated } from './hostile-parsing-helpers.js';

// Input as wide as it likes: 100,000 values in one list. Nothing may spread them into a call's
// arguments or recurse along them (the stack overflows), nor take minutes; what is too much to
// show is cut with a count, what is too much to parse is one located line.

const WIDE = 100_000;
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;
const CONFIG = 'title: Wide\nurl: https://wide.example\napis:\n  - id: h\n    title: Wide\n';
const HEAD = '---\ntitle: Wide\ndescription: A wide page.\n---\n\n# Wide\n\n';

function numbers(): number[] {
  return Array.from({ length: WIDE }, (_, i) => i);
}

/** A contract whose one operation answers with schema `S`, given; and its pages. */
async function project(schema: unknown, pages: Record<string, string> = {}): Promise<string> {
  const dir = await tempDir('hostile-wide');
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Wide', version: '1.0.0' },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          parameters: [{ name: 'kind', in: 'query', schema: { $ref: '#/components/schemas/S' } }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/S' } } },
            },
          },
        },
      },
    },
    components: { schemas: { S: schema } },
  };
  await mkdir(join(dir, 'openapi/h'), { recursive: true });
  await mkdir(join(dir, 'content/docs'), { recursive: true });
  await writeFile(join(dir, 'openapi/h/1.0.0.json'), JSON.stringify(doc, null, 2));
  await writeFile(join(dir, 'site-config.yaml'), CONFIG);
  await writeFile(join(dir, 'content/docs/index.mdx'), `${HEAD}Home.\n`);
  for (const [name, text] of Object.entries(pages)) await writeFile(join(dir, 'content/docs', name), text);
  return dir;
}

function assertClean(run: Run): void {
  assert.doesNotMatch(run.stdout + run.stderr, STACK_LINE);
  assert.doesNotMatch(run.stdout + run.stderr, /internal error|Maximum call stack|\[render\]/);
}

function assertBuilt(run: Run): void {
  assertClean(run);
  assert.equal(run.code, 0, run.stdout + run.stderr);
}

describe('lists of 100,000 values build, or are refused where they are written', () => {
  test('an enum of 100,000 strings: the reference, its twin and <EnumValues> show 500 values and the count of the rest', async () => {
    const values = numbers().map((i) => `v${i}`);
    const page = `${HEAD}Inline: <EnumValues service="h" name="S" />.\n\n<EnumValues service="h" name="S" />\n`;
    const dir = await project({ type: 'string', enum: values }, { 'enum.mdx': page });
    assertBuilt(await runCli(['--no-cache', 'build'], dir));
    for (const file of ['api/h/index.md', 'api/h/index.html', 'docs/enum/index.md', 'docs/enum/index.html']) {
      const text = await readFile(join(dir, 'out/site', file), 'utf8');
      assert.match(text, /and 99,500 more/, file);
      assert.ok(text.includes('v499') && !text.includes('v500'), file);
    }
  });

  test('the types keep every value: a union of 100,000 members is written', async () => {
    const dir = await project({ type: 'string', enum: numbers().map((i) => `v${i}`) });
    assertBuilt(await runCli(['--no-cache', 'types'], dir));
    assert.ok((await readFile(join(dir, 'out/types/h.d.ts'), 'utf8')).includes('"v99999"'));
  });

  test('an enum of 100,000 numbers builds', async () => {
    const dir = await project({ type: 'integer', enum: numbers() });
    assertBuilt(await runCli(['--no-cache', 'build'], dir));
    assert.match(await readFile(join(dir, 'out/site/api/h/index.md'), 'utf8'), /`499` and 99,500 more/);
  });

  test('an example of 100,000 items builds', async () => {
    const schema = { type: 'array', items: { type: 'integer' }, example: numbers() };
    assertBuilt(await runCli(['--no-cache', 'build'], await project(schema)));
  });

  test('100,000 required names are checked, each a located warning', async () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: numbers().map((i) => `r${i}`) };
    const run = await runCli(['--no-cache', 'validate'], await project(schema));
    assertBuilt(run);
    assert.match(
      run.stdout,
      /^openapi\/h\/1\.0\.0\.json:\d+:\d+ warning \[required-property-defined\] property "r99999"/m,
    );
  });

  // The list's items are empty, so that its lines are what passes the budget; the table's rows
  // pass the byte budget first. Either way, one line, where the page passes it.
  const pages: Record<string, string> = {
    'a list of 100,000 items': numbers()
      .map(() => '-')
      .join('\n'),
    'a table of 100,000 rows': `| a |\n| - |\n${numbers()
      .map((i) => `| ${i} |`)
      .join('\n')}`,
  };
  for (const [label, body] of Object.entries(pages))
    for (const ext of ['md', 'mdx'])
      test(`${label} in a .${ext} page is one page-size error where it passes the budget`, async () => {
        const text = `${HEAD}${body}\n`;
        const dir = await project({ type: 'string' }, { [`wide.${ext}`]: text });
        const run = await runCli(['--no-cache', 'validate'], dir);
        assertClean(run);
        const bytes = Buffer.byteLength(text) > CONTENT_BUDGET.bytes;
        const line = assertOneLocated(
          run,
          `content/docs/wide.${ext}`,
          'page-size',
          bytes ? 1 : CONTENT_BUDGET.lines + 1,
        );
        assert.match(line, bytes ? /bytes, more than the 262,144/ : /more than 10,000 lines/);
      });

  test('a page over the byte budget on one line is one page-size error, and its file is not read', async () => {
    const dir = await project(
      { type: 'string' },
      { 'long.md': `${HEAD}${'word '.repeat(CONTENT_BUDGET.bytes / 4)}\n` },
    );
    const run = await runCli(['--no-cache', 'validate'], dir);
    assertOneLocated(run, 'content/docs/long.md', 'page-size', 1);
  });

  test('a page of exactly the budget, in lines and bytes, is not refused', async () => {
    const lines = CONTENT_BUDGET.lines;
    const body = `${'x'.repeat(CONTENT_BUDGET.bytes - HEAD.length - (lines - HEAD.split('\n').length + 1))}${'\n'.repeat(lines - HEAD.split('\n').length + 1)}`;
    const text = `${HEAD}${body}`;
    assert.equal(text.length, CONTENT_BUDGET.bytes);
    assert.equal(text.split('\n').length, lines + 1, "the budget's lines, each ending with a line break");
    const run = await runCli(['--no-cache', 'validate'], await project({ type: 'string' }, { 'full.md': text }));
    assert.equal(run.code, 0, run.stdout + run.stderr);
  });
});
