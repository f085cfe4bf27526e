import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, runBin, tempDir } from './helpers.js';

/** The benchmark's short mode: every scenario still runs and reports figures (issue 7); no time is judged. */
test('npm run bench still works: the smoke mode runs every scenario once and writes its figures', async () => {
  const results = join(await tempDir('bench-smoke'), 'results.json');
  const run = await runBin(join(ROOT, 'scripts/bench.mjs'), ['--smoke', '--no-compile', '--results', results], ROOT);
  assert.equal(run.code, 0, run.stderr);
  const written = JSON.parse(await readFile(results, 'utf8')) as {
    smoke: boolean;
    runs: number;
    results: Array<{ id: string; seconds: { median: number; min: number; max: number }; peakMb: { median: number } }>;
    fitted: { msPerPage: number | null; secondsPerContractMb: number | null };
  };
  assert.equal(written.smoke, true);
  assert.deepEqual(
    written.results.map((r) => r.id),
    ['cold', 'second', 'cached', 'edit', 'validate', 'types', 'pages-20', 'pages-40', 'kubernetes', 'github'],
  );
  for (const r of written.results) {
    assert.ok(r.seconds.median > 0 && r.seconds.min <= r.seconds.median && r.seconds.median <= r.seconds.max, r.id);
    assert.ok(r.peakMb.median > 30, `${r.id}: peak ${r.peakMb.median} MB`);
  }
  assert.equal(typeof written.fitted.msPerPage, 'number');
  assert.equal(typeof written.fitted.secondsPerContractMb, 'number');
  // The table and the fitted line are printed.
  assert.match(run.stdout, /cold build of the real site/);
  assert.match(run.stdout, /fitted cost: -?[\d.]+ ms per MDX page, -?[\d.]+ s per MB of contract/);
});

test('the floor benchmark still works: it parses every page and colours every code block, alone and both at once', async () => {
  const run = await runBin(join(ROOT, 'scripts/bench-floor.mjs'), ['--runs', '1', '--json'], ROOT);
  assert.equal(run.code, 0, run.stderr);
  type Stats = { median: number; min: number; max: number };
  const floor = JSON.parse(run.stdout) as {
    pages: number;
    kb: number;
    blocks: number;
    parse: Stats;
    highlight: Stats;
    both: Stats;
  };
  const pages = (await readdir(join(ROOT, 'content'), { recursive: true })).filter((name) => /\.mdx?$/.test(name));
  assert.equal(floor.pages, pages.length);
  // Every fence opens or closes a block, or sits inside a longer fence's block as its text.
  let fences = 0;
  for (const page of pages)
    fences += ((await readFile(join(ROOT, 'content', page), 'utf8')).match(/^ {0,3}(```|~~~)/gm) ?? []).length;
  assert.ok(floor.blocks > 0 && floor.blocks <= fences / 2, `${floor.blocks} blocks, ${fences} fence lines`);
  for (const stats of [floor.parse, floor.highlight, floor.both])
    assert.ok(stats.median > 0 && stats.min <= stats.median && stats.median <= stats.max, JSON.stringify(stats));
});
