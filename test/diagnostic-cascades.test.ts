import assert from 'node:assert/strict';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT, runCli, tempDir, type Run } from './helpers.js';

// One mistake, one line: each cascade of issue 44 on a small project made of the real contracts of
// two APIs and a few pages that use them, with the exact lines printed (stdout) and nothing else
// printed anywhere (stderr).

const SEARCHER = 'openapi/searcher/3.1.0-SNAPSHOT.yaml';
const DATASOURCE = 'openapi/datasource/3.1.0-SNAPSHOT.yaml';

const CONFIG = `title: Cascades
url: https://example.com
navbar:
  items:
    - { type: doc, label: Start, docId: start }
    - { type: doc, label: Buckets, docId: manage-bucket }
toc:
  minHeadingLevel: 2
apis:
  - id: searcher
  - id: datasource
sidebar: [start, search, manage-bucket, both]
`;

const PAGES: Record<string, string> = {
  'content/docs/start.mdx': `---
title: Start
description: Where to begin.
---

Read about [buckets](./manage-bucket.mdx) and [search](./search.mdx).
`,
  'content/docs/search.mdx': `---
title: Search
description: Searching documents.
---

## Search

<Operation service="searcher" id="searchDocuments" />

<Operation service="searcher" id="buildSearchQuery" />
`,
  'content/docs/manage-bucket.mdx': `---
title: Buckets
description: What a bucket holds.
sidebar_position: 3
---

## Buckets

<Schema service="datasource" name="Bucket" />

See [the start](./start.mdx).
`,
  'content/docs/both.mdx': `---
title: Both
description: Search and buckets together.
---

## Both

<Schema service="datasource" name="Bucket" />

<Operation service="searcher" id="listSuggestions" />
`,
};

/** The small project, with `edit` applied to a copy of one of its files (relative path → new text). */
async function project(edit: (files: Map<string, string>) => void): Promise<string> {
  const dir = await tempDir('cascade');
  const files = new Map<string, string>([['site-config.yaml', CONFIG], ...Object.entries(PAGES)]);
  for (const contract of [SEARCHER, DATASOURCE]) files.set(contract, await readFile(join(ROOT, contract), 'utf8'));
  edit(files);
  for (const [path, text] of files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  await cp(join(ROOT, 'static'), join(dir, 'static'), { recursive: true });
  return dir;
}

function replaceIn(files: Map<string, string>, path: string, from: string | RegExp, to: string): void {
  const text = files.get(path) as string;
  const changed = text.replace(from, to);
  assert.notEqual(changed, text, `${path} has ${String(from)}`);
  files.set(path, changed);
}

/** The line number (1-based) of the first line of `path` that holds `text`, in the real file. */
async function lineOf(path: string, text: string): Promise<number> {
  const lines = (await readFile(join(ROOT, path), 'utf8')).split('\n');
  const index = lines.findIndex((line) => line.includes(text));
  assert.ok(index >= 0, `${path} holds ${text}`);
  return index + 1;
}

async function run(dir: string, command: 'build' | 'validate'): Promise<Run> {
  const args = command === 'build' ? ['build', '--no-cache', '-o', 'out'] : ['validate'];
  return runCli(args, dir);
}

function lines(result: Run): string[] {
  return result.stdout.split('\n').filter((line) => line !== '');
}

describe('diagnostic cascades: one cause, one line (issue 44)', () => {
  test('a mistyped $ref in one contract: its error first, one line per page using that API, nothing about the others', async () => {
    const dir = await project((files) =>
      replaceIn(
        files,
        SEARCHER,
        "$ref: '#/components/schemas/SearchRequest'",
        "$ref: '#/components/schemas/SearchRequesst'",
      ),
    );
    const line = await lineOf(SEARCHER, "$ref: '#/components/schemas/SearchRequest'");
    const ref = `${SEARCHER}:${line}:21`;
    const pointer = '#/paths/~1api~1searcher~1v1~1search/post/requestBody/content/application~1json/schema';
    const refError = `${ref} error [ref-resolves] broken $ref: "#/components/schemas/SearchRequesst" points to nothing: "SearchRequesst" does not exist in /components/schemas (at ${pointer}/$ref)`;
    const built = await run(dir, 'build');
    assert.equal(built.code, 1);
    assert.equal(built.stderr, '');
    // The schema the broken $ref sits in cannot be compiled either: that is the same mistake, not said again.
    assert.deepEqual(lines(built), [
      refError,
      `content/docs/both.mdx:1:1 error [api-unavailable] uses the searcher API, which is unavailable: see ${ref}`,
      `content/docs/search.mdx:1:1 error [api-unavailable] uses the searcher API, which is unavailable: see ${ref}`,
      'build failed; out/ was left as it was: 3 errors, 0 warnings',
    ]);
    const validated = await run(dir, 'validate');
    assert.equal(validated.stderr, '');
    assert.deepEqual(lines(validated), [refError, 'validated 2 documents and 4 pages: 1 error, 0 warnings']);
  });

  test('a mis-indented YAML line: one parse error, and one line per page using that API', async () => {
    const dir = await project((files) =>
      replaceIn(files, SEARCHER, /\n {8}required: true\n/, '\n      required: true\n'),
    );
    const line = (await lineOf(SEARCHER, 'operationId: searchDocuments')) + 10;
    const built = await run(dir, 'build');
    assert.equal(built.code, 1);
    assert.equal(built.stderr, '');
    const printed = lines(built);
    assert.equal(printed.length, 4, printed.join('\n'));
    assert.match(printed[0] as string, new RegExp(`^${SEARCHER}:${line}:\\d+ error \\[parse\\] invalid YAML: `));
    const root = /^(\S+:\d+:\d+) /.exec(printed[0] as string)?.[1];
    assert.deepEqual(printed.slice(1), [
      `content/docs/both.mdx:10:1 error [api-unavailable] uses the searcher API, which is unavailable: see ${root}`,
      `content/docs/search.mdx:8:1 error [api-unavailable] uses the searcher API, which is unavailable: see ${root}`,
      'build failed; out/ was left as it was: 3 errors, 0 warnings',
    ]);
    const validated = await run(dir, 'validate');
    assert.equal(validated.stderr, '');
    assert.deepEqual(lines(validated), [
      ...printed.slice(0, 3),
      'validated 1 document and 4 pages: 3 errors, 0 warnings',
    ]);
  });

  test('a mistyped front-matter key: one line with a suggestion; links, the navbar and the sidebar still reach the page', async () => {
    const dir = await project((files) =>
      replaceIn(files, 'content/docs/manage-bucket.mdx', 'sidebar_position:', 'sidebar_positon:'),
    );
    const expected = [
      'content/docs/manage-bucket.mdx:4:1 error [front-matter] unknown key "sidebar_positon"; did you mean "sidebar_position"? (at #/sidebar_positon)',
    ];
    const built = await run(dir, 'build');
    assert.equal(built.code, 1);
    assert.equal(built.stderr, '');
    assert.deepEqual(lines(built), [...expected, 'build failed; out/ was left as it was: 1 error, 0 warnings']);
    const validated = await run(dir, 'validate');
    assert.equal(validated.stderr, '');
    assert.deepEqual(lines(validated), [...expected, 'validated 2 documents and 4 pages: 1 error, 0 warnings']);
  });

  test("a config key typo and a navbar doc id typo are reported with the content's errors in one run, by validate too, with the nearest names", async () => {
    const dir = await project((files) => {
      replaceIn(files, 'site-config.yaml', 'docId: start', 'docId: strat');
      replaceIn(files, 'site-config.yaml', '\ntoc:', '\ntocc:');
      replaceIn(files, 'content/docs/search.mdx', 'id="searchDocuments"', 'id="searchDocument"');
    });
    const expected = [
      'content/docs/search.mdx:8:1 error [contract-ref] the searcher contract has no operation with operationId "searchDocument"; did you mean "searchDocuments"?',
      'site-config.yaml:5:41 error [navbar-item] navbar item "Start" cannot be rendered: no docs page has the id "strat"; did you mean "start"? (at #/navbar/items/0/docId)',
      'site-config.yaml:7:1 error [config-unknown-key] unknown key "tocc"; did you mean "toc"? (at #/tocc)',
    ];
    const validated = await run(dir, 'validate');
    assert.equal(validated.stderr, '');
    assert.deepEqual(lines(validated), [...expected, 'validated 2 documents and 4 pages: 3 errors, 0 warnings']);
    const built = await run(dir, 'build');
    assert.equal(built.stderr, '');
    assert.deepEqual(lines(built), [...expected, 'build failed; out/ was left as it was: 3 errors, 0 warnings']);
  });
});
