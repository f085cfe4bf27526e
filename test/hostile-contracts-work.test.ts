import assert from 'node:assert/strict';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli, tempDir, type Run } from './helpers.js';

/**
 * Stops a case that hangs (the attacks took minutes, or crashed the process): a guard, not a
 * measure; how long the cases take is the benchmarks' business.
 */
const HANG_MS = 600_000;
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

type Doc = Record<string, unknown> & {
  components: { schemas: Record<string, unknown>; parameters?: Record<string, unknown> };
};

function document(version = '3.1.0'): Doc {
  return { openapi: version, info: { title: 'Hostile', version: '1.0.0' }, paths: {}, components: { schemas: {} } };
}

/** A project with one API whose contract is `text`, and one page. */
async function project(text: string, file = '1.0.0.json'): Promise<string> {
  const dir = await tempDir('hostile-contracts');
  await mkdir(join(dir, 'openapi/h'), { recursive: true });
  await mkdir(join(dir, 'content/docs'), { recursive: true });
  await writeFile(join(dir, 'openapi/h', file), text);
  await writeFile(
    join(dir, 'site-config.yaml'),
    'title: Hostile\nurl: https://hostile.example\napis:\n  - id: h\n    title: Hostile\n',
  );
  await writeFile(
    join(dir, 'content/docs/index.mdx'),
    '---\ntitle: Home\ndescription: The home page.\n---\n\n# Home\n',
  );
  return dir;
}

function uncached(args: string[], cwd: string): Promise<Run> {
  return runCli(['--no-cache', ...args], cwd);
}

/** 1-based line of the first line of `text` containing `needle`. */
function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(needle));
  assert.ok(index >= 0, `fixture has no ${needle}`);
  return index + 1;
}

/** The diagnostic lines of a run (file:line:col severity [rule] …). */
function diagnostics(run: Run): string[] {
  return (run.stdout + run.stderr).split('\n').filter((line) => /^\S+:\d+:\d+ (error|warning) \[/.test(line));
}

function assertClean(run: Run): void {
  assert.doesNotMatch(run.stdout + run.stderr, STACK_LINE);
  assert.doesNotMatch(run.stdout + run.stderr, /internal error|Maximum call stack|FATAL/);
}

describe('contracts cannot make the build take unbounded time or stack', { timeout: HANG_MS }, () => {
  test('a backtracking pattern with a 40-character example is checked in linear time (three schemas)', async () => {
    const doc = document('3.0.3');
    for (const name of ['R0', 'R1', 'R2'])
      doc.components.schemas[name] = { type: 'string', pattern: '^(a+)+$', example: `${'a'.repeat(40)}!${name}` };
    doc.components.schemas.Fine = { type: 'string', pattern: '^(a+)+$', example: 'a'.repeat(40) };
    const text = JSON.stringify(doc, null, 2);
    const dir = await project(text);
    const run = await uncached(['validate'], dir);
    assertClean(run);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const found = diagnostics(run);
    assert.equal(found.length, 3, found.join('\n'));
    for (const name of ['R0', 'R1', 'R2']) {
      const line = lineOf(text, `!${name}"`);
      assert.ok(
        found.some(
          (d) =>
            d.startsWith(`openapi/h/1.0.0.json:${line}:`) &&
            d.includes('warning [example-valid]') &&
            d.includes('must match pattern "^(a+)+$"'),
        ),
        found.join('\n'),
      );
    }
  });

  test("patterns keep JavaScript's meaning on the linear engine (\\s, ., \\d, named groups, Unicode)", async () => {
    const doc = document('3.0.3');
    const cases: [string, string, boolean][] = [
      ['^\\s+$', '\u00a0\u3000 ', true],
      ['^.$', '\u2028', false],
      ['^\\d{3}$', '123', true],
      ['^(?<year>\\d{4})-\\d{2}$', '2024-05', true],
      ['^\\p{Lu}\\p{Ll}+$', 'Élan', true],
      ['^[^]$', '\n', true],
      ['^a/b$', 'a/b', true],
      ['^[a-z]+$', 'ABC', false],
    ];
    cases.forEach(([pattern, example], i) => (doc.components.schemas[`P${i}`] = { type: 'string', pattern, example }));
    const text = JSON.stringify(doc, null, 2);
    const run = await uncached(['validate'], await project(text));
    assertClean(run);
    const found = diagnostics(run);
    const failing = cases.flatMap(([, , matches], i) => (matches ? [] : [`P${i}`]));
    assert.deepEqual(
      found.map((d) => /#\/components\/schemas\/(P\d+)\/example/.exec(d)?.[1]),
      failing,
      found.join('\n'),
    );
  });

  test('a pattern the linear engine cannot run is one located warning, and checks nothing', async () => {
    const doc = document('3.0.3');
    doc.components.schemas.Twice = { type: 'string', pattern: '^(ab)\\1$', example: 'not twice' };
    doc.components.schemas.Ahead = {
      type: 'object',
      additionalProperties: { type: 'string', pattern: '^(?=x)x+$' },
      example: { a: 'yyy' },
    };
    const text = JSON.stringify(doc, null, 2);
    const run = await uncached(['validate'], await project(text));
    assertClean(run);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const found = diagnostics(run);
    assert.equal(found.length, 2, found.join('\n'));
    assert.match(
      found[0] as string,
      new RegExp(
        `^openapi/h/1\\.0\\.0\\.json:${lineOf(text, '"^(ab)')}:\\d+ warning \\[pattern-unsupported\\] pattern \`\\^\\(ab\\)\\\\1\\$\``,
      ),
    );
    assert.match(
      found[1] as string,
      new RegExp(`^openapi/h/1\\.0\\.0\\.json:${lineOf(text, '"^(?=x)')}:\\d+ warning \\[pattern-unsupported\\]`),
    );
    const strict = await uncached(['--strict', 'validate'], await project(text));
    assert.equal(strict.code, 1);
  });

  for (const steps of [1_000, 10_000]) {
    test(`a loop of ${steps.toLocaleString('en')} $refs is found without recursion: one located ref-resolves warning`, async () => {
      const doc = document();
      for (let i = 1; i <= steps; i++)
        doc.components.schemas[`A${i}`] = { $ref: `#/components/schemas/A${i === steps ? 1 : i + 1}` };
      doc.components.schemas.Uses = { type: 'object', properties: { a: { $ref: '#/components/schemas/A5' } } };
      const text = JSON.stringify(doc, null, 2);
      const dir = await project(text);
      const run = await uncached([steps > 1_000 ? 'validate' : 'build'], dir);
      assertClean(run);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      const found = diagnostics(run);
      assert.equal(found.length, 1, found.join('\n'));
      assert.match(
        found[0] as string,
        new RegExp(
          `^openapi/h/1\\.0\\.0\\.json:${lineOf(text, '"$ref": "#/components/schemas/A2"')}:\\d+ warning \\[ref-resolves\\] .*a loop of ${steps} \\$refs`,
        ),
      );
      if (steps <= 1_000) {
        assert.ok((await readdir(join(dir, 'out/types'))).includes('h.d.ts'));
        assert.ok((await readdir(join(dir, 'out/schemas/h'))).includes('A1.json'));
      }
    });
  }

  test('a loop of 1,000 schemas through their properties (legal recursion) is checked: no error from the structure check', async () => {
    const doc = document('3.0.3');
    const steps = 1_000;
    for (let i = 1; i <= steps; i++)
      doc.components.schemas[`A${i}`] = {
        type: 'object',
        properties: { next: { $ref: `#/components/schemas/A${i === steps ? 1 : i + 1}` } },
      };
    doc.components.schemas.A7 = {
      type: 'object',
      properties: { next: { $ref: '#/components/schemas/A8' } },
      required: 'next',
    };
    const text = JSON.stringify(doc, null, 2);
    const run = await uncached(['validate'], await project(text));
    assertClean(run);
    // Still checked against the schema: the wrong `required` is found, where it is written.
    const found = diagnostics(run);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(
      found[0] as string,
      new RegExp(`^openapi/h/1\\.0\\.0\\.json:${lineOf(text, '"required": "next"')}:\\d+ error \\[oas-schema\\]`),
    );
  });

  test('$refs fanning out level after level (3^30 paths) stay bounded in every stage', async () => {
    const doc = document();
    doc.components.parameters = {};
    const levels = 30;
    for (let i = 1; i <= levels; i++) {
      const next = i === levels ? { type: 'string' } : { $ref: `#/components/parameters/P${i + 1}/schema` };
      doc.components.parameters[`P${i}`] = {
        name: `p${i}`,
        in: 'query',
        schema: { type: 'object', properties: { a: next, b: next, c: next } },
      };
    }
    doc.components.schemas.S = { type: 'object', properties: { start: { $ref: '#/components/parameters/P1/schema' } } };
    const dir = await project(JSON.stringify(doc, null, 2));
    const run = await uncached(['build'], dir);
    assertClean(run);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.ok((await readdir(join(dir, 'out/schemas/h'))).includes('S.json'));
  });

  const shapes: Record<string, (inner: unknown) => unknown> = {
    properties: (inner) => ({ type: 'object', properties: { p: inner } }),
    allOf: (inner) => ({ allOf: [inner] }),
    items: (inner) => ({ type: 'array', items: inner }),
  };
  for (const [shape, wrap] of Object.entries(shapes)) {
    test(`a schema nested about 200 levels deep (${shape} in ${shape}) is one located depth-limit error, found before the other checks`, async () => {
      // Past the contracts' 128 levels, short of the 256 at which any file is refused while it is
      // parsed (tested in hostile-parsing): `properties` and `allOf` take two levels a step.
      let node: unknown = { type: 'string' };
      for (let i = 0; i < (shape === 'items' ? 200 : 100); i++) node = wrap(node);
      const doc = document();
      doc.components.schemas.Deep = node;
      // One line: locating a node deep in an indented JSON text costs depth × size (json-positions skips each value it passes).
      const dir = await project(JSON.stringify(doc));
      const run = await uncached(['build'], dir);
      assertClean(run);
      assert.equal(run.code, 1, run.stdout + run.stderr);
      const found = diagnostics(run);
      assert.equal(found.length, 1, found.join('\n'));
      assert.match(
        found[0] as string,
        /^openapi\/h\/1\.0\.0\.json:1:\d+ error \[depth-limit\] this node is nested more than 128 levels deep/,
      );
      // Where the limit is crossed: 129 containers down from the document.
      const pointer = /\(at #(\/.*)\)$/.exec(found[0] as string)?.[1] ?? '';
      assert.equal(pointer.split('/').length - 1, 129, pointer);
      assert.deepEqual(await readdir(dir).then((names) => names.includes('out')), false);
    });
  }

  test('deep nesting in YAML is located at its line', async () => {
    const lines = [
      'openapi: 3.0.3',
      'info: { title: Deep, version: 1.0.0 }',
      'paths: {}',
      'components:',
      '  schemas:',
      '    Deep:',
    ];
    for (let i = 0; i < 200; i++) lines.push(`${'  '.repeat(i + 3)}items:`);
    lines.push(`${'  '.repeat(203)}type: string`);
    const run = await uncached(['validate'], await project(lines.join('\n') + '\n', '1.0.0.yaml'));
    assertClean(run);
    assert.equal(run.code, 1);
    const found = diagnostics(run);
    assert.equal(found.length, 1, found.join('\n'));
    // components, schemas, Deep, then 126 `items`: the value of the 126th, a mapping, starts on the next line.
    assert.match(found[0] as string, new RegExp(`^openapi/h/1\\.0\\.0\\.yaml:${6 + 127}:\\d+ error \\[depth-limit\\]`));
  });
});
