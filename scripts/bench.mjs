// The benchmark of issue 7: each figure is the median of N runs (default 5) of the real CLI in a
// fresh Node process, with its min and max, wall time and peak RSS. It prints a table, the budgets,
// the fitted cost per page and per MB of contract, and writes bench/results.json. A script that
// prints figures, not a timed test.
//
//   npm run bench                          everything, 5 runs each
//   node scripts/bench.mjs --runs 3        fewer runs
//   node scripts/bench.mjs --only cold,validate
//   node scripts/bench.mjs --smoke         one run of every scenario on small inputs (CI: it still works)
//   --results FILE                         where to write the JSON (default bench/results.json)
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parse, stringify } from 'yaml';
import { generatedSite as makeGeneratedSite } from './generated-site.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'bin/specsite.js');
const RSS_HOOK = join(ROOT, 'scripts/bench-rss.mjs');
// The real-world corpus (not in the repository): SPECSITE_CORPUS, or ../shared/corpus/openapi beside the clone.
const CORPUS = resolve(ROOT, process.env.SPECSITE_CORPUS || '../shared/corpus/openapi', 'public');

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    results: { type: 'string' },
    // The test suite runs the smoke mode on the dist/ it already compiled (recompiling would pull
    // dist/ from under the other test files running beside it).
    'no-compile': { type: 'boolean', default: false },
  },
});
const smoke = flags.smoke;
const runs = smoke ? 1 : Math.max(1, Number(flags.runs));
const only = flags.only ? new Set(flags.only.split(',')) : undefined;
const resultsFile = flags.results
  ? resolve(flags.results)
  : join(ROOT, smoke ? 'bench/smoke-results.json' : 'bench/results.json');

/** Budgets on this machine (issue 7): wall seconds and peak MB. */
const BUDGETS = { cold: { s: 2, mb: 400 }, second: { s: 1 }, 'pages-10000': { s: 60, mb: 1536 }, github: { s: 15 } };

const work = mkdtempSync(join(tmpdir(), 'specsite-bench-'));

/** One run of the CLI: wall milliseconds and peak RSS in MB; a failing command stops the benchmark. */
function cli(args, cwd = ROOT) {
  const rssFile = join(work, 'rss');
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', RSS_HOOK, CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, SPECSITE_BENCH_RSS: rssFile },
    maxBuffer: 1 << 26,
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`specsite ${args.join(' ')} exited ${run.status}:\n${run.stdout}${run.stderr}`);
  return { ms, mb: Number(readFileSync(rssFile, 'utf8')) / 1024 };
}

/**
 * A copy of a project's inputs that a scenario may edit: its content and contracts folders, and its
 * config with every `spec` it names made absolute, so contracts kept outside the project still resolve.
 */
function projectCopy(name, from) {
  const dir = join(work, name);
  for (const part of ['content', 'openapi'])
    if (existsSync(join(from, part))) cpSync(join(from, part), join(dir, part), { recursive: true });
  const config = parse(readFileSync(join(from, 'site-config.yaml'), 'utf8'));
  // A spec is read only inside the config's folder: one elsewhere is copied in beside the others.
  for (const api of config.apis ?? []) {
    if (!api.spec) continue;
    const source = resolve(from, api.spec);
    const inside = relative(from, source);
    const target =
      inside.startsWith('..') || isAbsolute(inside) ? join('openapi', `copied-${api.id}`, basename(source)) : inside;
    if (!existsSync(join(dir, target))) cpSync(source, join(dir, target), { recursive: true });
    api.spec = target;
  }
  writeFileSync(join(dir, 'site-config.yaml'), stringify(config));
  return dir;
}

/** A docs site of `count` generated MDX pages (see generated-site.mjs), made once per run. */
const generatedSite = (count) => makeGeneratedSite(work, count);

/** A site with one API: a contract (a path), with reference pages and types. */
function oneApiSite(name, spec) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  // Copied in: a spec is read only inside the config's folder.
  cpSync(spec, join(dir, basename(spec)));
  writeFileSync(
    join(dir, 'site-config.yaml'),
    `title: ${name}\napis:\n  - { id: api, spec: ${JSON.stringify(basename(spec))} }\n`,
  );
  return dir;
}

const realSite = smoke ? resolve(ROOT, 'test/fixtures/browser-site') : ROOT;
const realConfig = join(realSite, 'site-config.yaml');
const pageCounts = smoke ? [20, 40] : [1000, 10000];
// Smoke stand-ins are our own contracts, so the smoke mode (and the test that runs it) needs no corpus.
const corpus = smoke
  ? [
      ['kubernetes', join(ROOT, 'openapi/searcher/3.1.0-SNAPSHOT.yaml'), 'searcher (smoke stand-in)'],
      ['github', join(ROOT, 'openapi/rag/3.1.0-SNAPSHOT.yaml'), 'rag (smoke stand-in)'],
    ]
  : [
      ['kubernetes', join(CORPUS, 'kubernetes__swagger.json'), 'Kubernetes'],
      ['github', join(CORPUS, 'github__api.github.com.json'), 'GitHub'],
    ];

/** Each scenario: `prepare` once (untimed), then `run(i)` timed `runs` times. */
const SCENARIOS = [
  {
    id: 'cold',
    what: 'cold build of the real site (no caches)',
    // --no-cache: the build cache (.cache/specsite/) is neither read nor written.
    run: (i) => {
      const out = join(work, `cold-${i}`);
      const figures = cli(['build', '--no-cache', '--config', realConfig, '--out', out]);
      rmSync(out, { recursive: true, force: true });
      return figures;
    },
  },
  {
    id: 'second',
    what: 'second build of the real site (with caches; its output up to date)',
    prepare: () => cli(['build', '--config', realConfig, '--out', join(work, 'second')]),
    run: () => cli(['build', '--config', realConfig, '--out', join(work, 'second')]),
  },
  {
    // What CI does with a restored cache, and what every build with something to do goes through:
    // each page from the cache, every file written into a new folder.
    id: 'cached',
    what: 'build of the real site from its cache into a new folder',
    prepare: () => cli(['build', '--config', realConfig, '--out', join(work, 'cached-prepare')]),
    run: (i) => {
      const out = join(work, `cached-${i}`);
      const figures = cli(['build', '--config', realConfig, '--out', out]);
      rmSync(out, { recursive: true, force: true });
      return figures;
    },
  },
  {
    id: 'edit',
    what: 'rebuild after one MDX page changed',
    prepare() {
      this.dir = projectCopy('edit', realSite);
      this.page = join(this.dir, smoke ? 'content/docs/intro.mdx' : 'content/docs/architecture.mdx');
      cli(['build', '--config', join(this.dir, 'site-config.yaml'), '--out', join(work, 'edit-out')]);
    },
    run(i) {
      appendFileSync(this.page, `\nEdited for run ${i}.\n`);
      return cli(['build', '--config', join(this.dir, 'site-config.yaml'), '--out', join(work, 'edit-out')]);
    },
  },
  {
    id: 'validate',
    what: 'validate alone (real site, no cache)',
    run: () => cli(['validate', '--no-cache', '--config', realConfig]),
  },
  {
    id: 'types',
    what: 'types alone (real site, no cache)',
    run: () => cli(['types', '--no-cache', '--config', realConfig, '--out', join(work, 'types')]),
  },
  ...pageCounts.map((count) => ({
    id: `pages-${count}`,
    what: `generated site of ${count.toLocaleString('en')} MDX pages (no cache)`,
    pages: count,
    prepare() {
      this.dir = generatedSite(count);
    },
    run(i) {
      const out = join(work, `pages-out-${i}`);
      const figures = cli(['build', '--no-cache', '--config', join(this.dir, 'site-config.yaml'), '--out', out]);
      rmSync(out, { recursive: true, force: true });
      return figures;
    },
  })),
  ...corpus.map(([id, file, label]) => ({
    id,
    what: `${label} (${(statSync(file).size / 1e6).toFixed(1)} MB) as a one-API site: reference plus types (no cache)`,
    mb: statSync(file).size / 1e6,
    prepare() {
      this.dir = oneApiSite(id, file);
    },
    run(i) {
      const out = join(work, `${id}-out-${i}`);
      const figures = cli(['build', '--no-cache', '--config', join(this.dir, 'site-config.yaml'), '--out', out]);
      rmSync(out, { recursive: true, force: true });
      return figures;
    },
  })),
];

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1] };
};

if (!flags['no-compile']) execCompile();
const results = [];
try {
  for (const scenario of SCENARIOS) {
    if (only && !only.has(scenario.id)) continue;
    process.stderr.write(`${scenario.what}: `);
    scenario.prepare?.();
    const samples = [];
    for (let i = 0; i < runs; i++) {
      samples.push(scenario.run(i));
      process.stderr.write('.');
    }
    process.stderr.write('\n');
    results.push({
      id: scenario.id,
      what: scenario.what,
      runs,
      pages: scenario.pages,
      mb: scenario.mb,
      seconds: stats(samples.map((s) => s.ms / 1000)),
      peakMb: stats(samples.map((s) => s.mb)),
      measured: new Date().toISOString(),
    });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

// With --only, the scenarios not run keep their figures from the results file, each with the date it
// was measured, so the file always holds every scenario.
if (only && !smoke && existsSync(resultsFile)) {
  const order = SCENARIOS.map((scenario) => scenario.id);
  const previous = JSON.parse(readFileSync(resultsFile, 'utf8')).results ?? [];
  for (const kept of previous)
    if (!results.some((r) => r.id === kept.id) && order.includes(kept.id)) results.push(kept);
  results.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

const round = (n, digits = 2) => Number(n.toFixed(digits));
console.table(
  results.map((r) => {
    // Smoke inputs are stand-ins: the budgets are about the real ones.
    const budget = smoke ? undefined : BUDGETS[r.id];
    const within = budget
      ? r.seconds.median <= budget.s && (budget.mb === undefined || r.peakMb.median <= budget.mb)
      : undefined;
    return {
      scenario: r.what,
      measured: (r.measured ?? '').slice(0, 10),
      'median s': round(r.seconds.median),
      'min–max s': `${round(r.seconds.min)}–${round(r.seconds.max)}`,
      'peak MB': Math.round(r.peakMb.median),
      'min–max MB': `${Math.round(r.peakMb.min)}–${Math.round(r.peakMb.max)}`,
      budget: budget ? `≤ ${budget.s} s${budget.mb ? `, ≤ ${budget.mb} MB` : ''}` : '',
      'within budget': within === undefined ? '' : within ? 'yes' : 'NO',
    };
  }),
);

// Least-squares slope through two or more points: the cost of one more page, or one more MB.
function slope(points) {
  if (points.length < 2) return undefined;
  const mx = points.reduce((n, p) => n + p.x, 0) / points.length;
  const my = points.reduce((n, p) => n + p.y, 0) / points.length;
  return points.reduce((n, p) => n + (p.x - mx) * (p.y - my), 0) / points.reduce((n, p) => n + (p.x - mx) ** 2, 0);
}
const perPage = slope(results.filter((r) => r.pages).map((r) => ({ x: r.pages, y: r.seconds.median })));
const perMb = slope(results.filter((r) => r.mb).map((r) => ({ x: r.mb, y: r.seconds.median })));
const fitted = {
  msPerPage: perPage === undefined ? null : round(perPage * 1000),
  secondsPerContractMb: perMb === undefined ? null : round(perMb),
};
console.log(
  `fitted cost: ${fitted.msPerPage ?? '–'} ms per MDX page, ${fitted.secondsPerContractMb ?? '–'} s per MB of contract`,
);

mkdirSync(resolve(resultsFile, '..'), { recursive: true });
writeFileSync(
  resultsFile,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, smoke, runs, results, fitted }, null, 2)}\n`,
);
console.log(`wrote ${resultsFile}`);

function execCompile() {
  const compiled = spawnSync(process.execPath, [join(ROOT, 'scripts/compile.mjs')], { stdio: 'inherit' });
  if (compiled.status !== 0) process.exit(compiled.status ?? 1);
}
