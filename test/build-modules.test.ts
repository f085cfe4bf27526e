import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { CLI, runBin, tempDir } from './helpers.js';

/** Packages that only making pages needs: a build that finds every page in its cache loads none of them. */
const PAGE_MAKING = [
  'shiki',
  '@mdx-js/mdx',
  'openapi-sampler',
  'rehype-raw',
  'parse5',
  'remark-parse',
  'micromark-core-commonmark',
  'react-dom',
];

/** Records every module file the process loads (the CLI's bundles name the packages they hold). */
const HOOKS = `
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.LOADED_LOG, url + '\\n');
  return next(url, context);
}
`;

/** Packages the pipeline loads to read the config and contracts, whatever the cache holds. */
const READING = ['yaml', 'zod'];

/** A build into `out`: a folder of its own for the first two, so that the second is a build from the cache, not one found up to date. */
async function build(
  root: string,
  out: string,
  log: string,
  hooks: string,
  says = /built \d+ pages into/,
): Promise<void> {
  const register = `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});`;
  const run = await runBin(CLI, ['--out', out, 'build'], root, {
    flags: ['--import', `data:text/javascript,${encodeURIComponent(register)}`],
    env: { LOADED_LOG: log },
  });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, says);
}

/** The packages in the files loaded: a bundle's own comments name each package it holds (`// node_modules/x/…`). */
async function packagesLoaded(log: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (const url of new Set((await readFile(log, 'utf8')).split('\n').filter(Boolean))) {
    const path = new URL(url).pathname;
    const direct = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
    if (direct) found.add(direct[1] as string);
    const text = await readFile(path, 'utf8').catch(() => '');
    for (const [, name] of text.matchAll(/^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)) found.add(name as string);
  }
  return found;
}

test(
  'a build that finds every page in its cache loads none of the code that makes pages, and one with nothing to do none of the pipeline',
  { timeout: 120_000 },
  async () => {
    const root = await tempDir('build-modules');
    await mkdir(join(root, 'content/docs'), { recursive: true });
    await mkdir(join(root, 'openapi/shop'), { recursive: true });
    await writeFile(
      join(root, 'site-config.yaml'),
      'title: Modules\nurl: https://modules.example\napis:\n  - { id: shop }\n',
    );
    await writeFile(
      join(root, 'openapi/shop/1.0.0.yaml'),
      "openapi: 3.1.0\ninfo: { title: Shop, version: 1.0.0, description: 'The **shop**.' }\npaths:\n  /items:\n    get:\n      operationId: listItems\n      description: Lists the *items*.\n      responses:\n        '200':\n          description: The items.\n          content:\n            application/json:\n              schema: { type: array, items: { type: object, properties: { n: { type: integer } } } }\n",
    );
    await writeFile(
      join(root, 'content/docs/index.mdx'),
      '---\ntitle: Home\ndescription: The first page.\n---\n\nSome _text_.\n\n```ts\nconst n: number = 1;\n```\n',
    );
    const hooks = join(root, 'hooks.mjs');
    await writeFile(hooks, HOOKS);

    const first = join(root, 'first.log');
    await build(root, 'first-out', first, hooks);
    const cold = await packagesLoaded(first);
    // The first build makes the pages: the list names what it loads to do so.
    for (const name of PAGE_MAKING) assert.ok(cold.has(name), `the first build loads ${name}`);

    const second = join(root, 'second.log');
    await build(root, 'second-out', second, hooks);
    const warm = await packagesLoaded(second);
    assert.deepEqual(
      PAGE_MAKING.filter((name) => warm.has(name)),
      [],
      'loaded by a build that made no page',
    );
    // The config's reader is what every build through the pipeline loads first.
    for (const name of READING) assert.ok(warm.has(name), `a build from the cache loads ${name}`);

    // The same folder again: up to date, and none of the pipeline is loaded to find that out.
    const third = join(root, 'third.log');
    await build(root, 'second-out', third, hooks, /is up to date/);
    const unchanged = await packagesLoaded(third);
    assert.deepEqual(
      [...PAGE_MAKING, ...READING].filter((name) => unchanged.has(name)),
      [],
      'loaded by a build that found its output up to date',
    );
  },
);
