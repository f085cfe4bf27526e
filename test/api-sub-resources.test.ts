import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OperationSource } from '../generator/render/api/operation-model.js';
import type { TagGroup } from '../generator/render/api/operations.js';
import { divideLarge, MAX_PAGE_OPERATIONS } from '../generator/render/api/sub-resources.js';

const op = (method: string, path: string, summary = ''): OperationSource => ({
  id: `${method}${path}`,
  kind: 'operation',
  method,
  path,
  pathItem: {},
  operation: summary ? { summary } : {},
});

const group = (name: string, operations: OperationSource[]): TagGroup => ({
  kind: 'tag',
  name,
  anchor: `tag-${name.toLowerCase()}`,
  description: 'The tag.',
  operations,
});

/** `n` operations on `path`, told apart by a numbered last segment that names nothing (`/1`). */
const many = (path: string, n: number): OperationSource[] =>
  Array.from({ length: n }, (_, i) => op('get', `${path}/${i}`));

const claim = (wanted: string): string => wanted;
const summary = (groups: TagGroup[]): Array<[string, number, string | undefined]> =>
  groups.map((g) => [g.name, g.operations.length, g.subOf]);

test('a tag up to the limit stays one page', () => {
  const tag = group('Buckets', many('/api/buckets', MAX_PAGE_OPERATIONS));
  assert.deepEqual(divideLarge([tag], claim), [tag]);
});

test('a larger tag is divided by its sub-resources, named by the parent in the singular; small ones stay', () => {
  const tag = group('Buckets', [
    op('get', '/api/buckets'),
    op('get', '/api/buckets/{id}'),
    ...many('/api/buckets/{id}/datasources', 20),
    ...many('/api/buckets/{id}/suggestion-categories', 20),
    // Two operations: a leftover that stays with its parent.
    ...many('/api/buckets/{id}/tabs', 2),
  ]);
  const pages = divideLarge([tag], claim);
  assert.deepEqual(summary(pages), [
    ['Buckets', 4, undefined],
    ['Bucket datasources', 20, 'tag-buckets'],
    ['Bucket suggestion categories', 20, 'tag-buckets'],
  ]);
  assert.equal(pages[0]?.anchor, 'tag-buckets');
  assert.equal(pages[1]?.anchor, 'tag-bucket-datasources');
  assert.equal(pages[1]?.description, 'Operations whose path starts with `/api/buckets/{id}/datasources`.');
});

test('the tag’s own resource is what most of its paths share (GitHub’s repos beside /user/repos)', () => {
  const tag = group('repos', [
    op('get', '/user/repos'),
    op('get', '/orgs/{org}/repos'),
    op('get', '/repos/{owner}/{repo}'),
    ...many('/repos/{owner}/{repo}/branches', 30),
    ...many('/repos/{owner}/{repo}/issue-comments', 15),
  ]);
  assert.deepEqual(summary(divideLarge([tag], claim)), [
    ['repos', 3, undefined],
    ['Repo branches', 30, 'tag-repos'],
    // The parent's word is not said twice.
    ['Repo issue comments', 15, 'tag-repos'],
  ]);
  const issues = group('issues', [...many('/issues/issue-field-values', 30), ...many('/issues/labels', 20)]);
  assert.deepEqual(
    divideLarge([issues], claim).map((g) => g.name),
    ['issues', 'Issue labels'],
    'with no operation of its own, the tag keeps its first sub-resource’s',
  );
});

test('a sub-resource still over the limit is divided again; paths that say nothing more, by operation', () => {
  const tag = group('Repos', [
    op('get', '/repos'),
    ...many('/repos/{r}/branches/{b}/protection', 30),
    ...many('/repos/{r}/branches/{b}/rules', 30),
    ...many('/repos/{r}/branches', 5),
    ...many('/repos/{r}/hooks', 20),
  ]);
  assert.deepEqual(summary(divideLarge([tag], claim)), [
    ['Repos', 1, undefined],
    ['Repo branches', 5, 'tag-repos'],
    ['Repo branch protection', 30, 'tag-repos'],
    ['Repo branch rules', 30, 'tag-repos'],
    ['Repo hooks', 20, 'tag-repos'],
  ]);
  // A segment nearly every path shares names the pages below it too.
  const branches = group('Repos', [
    op('get', '/repos'),
    ...many('/repos/{r}/branches/{b}/protection', 30),
    ...many('/repos/{r}/branches/{b}/rules', 30),
  ]);
  assert.deepEqual(
    divideLarge([branches], claim).map((g) => g.name),
    ['Repos', 'Repo branch protection', 'Repo branch rules'],
  );
  const flat = group('Things', [
    ...Array.from({ length: MAX_PAGE_OPERATIONS + 1 }, (_, i) => op('get', `/things/${i}`, `Thing ${i}`)),
  ]);
  const pages = divideLarge([flat], claim);
  assert.equal(pages.length, MAX_PAGE_OPERATIONS + 1);
  assert.deepEqual(
    pages.slice(0, 3).map((g) => [g.name, g.operations.length]),
    [
      ['Things', 1],
      ['Thing 1', 1],
      ['Thing 2', 1],
    ],
  );
});

test('a name another page already has is told apart by its path, never by a number', () => {
  const tags = [
    group('Bucket datasources', [op('get', '/other')]),
    group('Buckets', [...many('/buckets/{id}/datasources', 25), ...many('/buckets/{id}/tabs', 25)]),
  ];
  const names = divideLarge(tags, claim).map((g) => g.name);
  assert.deepEqual(names, ['Bucket datasources', 'Buckets', 'Bucket tabs']);
  const clash = [
    group('Bucket tabs', [op('get', '/other')]),
    group('Buckets', [
      op('get', '/buckets'),
      ...many('/buckets/{id}/datasources', 25),
      ...many('/buckets/{id}/tabs', 25),
    ]),
  ];
  assert.deepEqual(
    divideLarge(clash, claim).map((g) => g.name),
    ['Bucket tabs', 'Buckets', 'Bucket datasources', 'Bucket tabs (/buckets/{id}/tabs)'],
  );
});
