import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDependencyTree } from 'dpdm';
import { ROOT } from './helpers.js';

/**
 * The folders of `generator/` from the bottom up: what every stage uses, the stages in pipeline
 * order, the pipeline that wires them, and the shell (commands, the CLI, the registries of every
 * stage's rules, the library's entry). A module may import from its own layer or one below it.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['diagnostics', 'sources', 'cache', 'workers'],
  ['config'],
  ['contracts'],
  // A contract's history and its types, which the reference and the content read.
  ['diff', 'types'],
  ['content'],
  ['client'],
  // The page kinds: what render, and every stage after it, loops over.
  ['render', 'page-kinds'],
  ['markdown'],
  ['search'],
  ['write'],
  ['pipeline', 'pipeline.ts', 'thread-tasks.ts'],
  ['commands', 'cli', 'mcp', 'dev', 'serve', 'rules.ts', 'rules-readme.ts', 'index.ts'],
];

/**
 * The imports that run back up, each named by the importing file and the folder (or file) it reaches.
 * - the config's schema enumerates the registry's configurable rules for its `rules` key: the
 *   registry gathers every stage's rules, so it sits on top, and the schema is the one source of
 *   the config's validation, types and docs;
 * - the logo is read and checked with the config, as a page's image is (`content/images.ts`), so
 *   that `validate` reports a bad logo; one module, where the config's type of it is declared too;
 * - the second thread's entry dispatches to the registry of every stage's thread tasks.
 */
const ALLOWED = [
  'generator/config/logo.ts -> content',
  'generator/config/schema.ts -> rules.ts',
  'generator/workers/thread.ts -> thread-tasks.ts',
];

function layerOf(path: string): number {
  // `generator/config/load.ts` is in config's layer; `generator/rules.ts` is named by its file.
  const name = path.split('/')[1] ?? '';
  const layer = LAYERS.findIndex((names) => names.includes(name));
  assert.notEqual(layer, -1, `${path}: its folder is in no layer of this test`);
  return layer;
}

test('no module imports from a later stage or the shell, but the few named', async () => {
  const tree = await parseDependencyTree(['generator/**/*.ts', 'generator/**/*.tsx'], {
    cwd: ROOT,
    context: ROOT,
    transform: false,
    tsconfig: undefined,
  });
  const arrows = new Set<string>();
  for (const [file, dependencies] of Object.entries(tree)) {
    if (!file.startsWith('generator/')) continue;
    for (const dependency of dependencies ?? []) {
      const target = dependency.id;
      if (target === null || !target.startsWith('generator/')) continue;
      if (layerOf(target) > layerOf(file)) arrows.add(`${file} -> ${target.split('/')[1]}`);
    }
  }
  assert.deepEqual([...arrows].sort(), ALLOWED);
});
