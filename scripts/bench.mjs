// The benchmark of issues 7 and 45: each figure is the median of N runs (default 5) of the real CLI in
// a fresh Node process, with its min and max: wall time, CPU time (user + system, the process and all
// it waited for: the machine is shared, so CPU says more than wall) and peak RSS. Each scenario runs
// once more first, not counted: its figures are kept apart as the first run after a compile. It prints a table,
// each budget passed or failed, the machine's load average, the fitted cost per page and per MB of
// contract, and writes bench/results.json. A script that prints figures, not a timed test.
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
import { loadavg, tmpdir } from 'node:os';
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

/**
 * Budgets on this machine (issues 7 and 45): wall seconds (`s`), CPU seconds (`cpu`), peak MB (`mb`),
 * and for the cold build a multiple of the floor's `both` figure measured in the same run (`floor`).
 */
const BUDGETS = {
  cold: { floor: 2.5, mb: 400 },
  second: { s: 1 },
  edit: { s: 0.5 },
  'pages-10000': { s: 30, mb: 1024 },
  github: { s: 15, cpu: 25, mb: 1024 },
};

const work = mkdtempSync(join(tmpdir(), 'specsite-bench-'));

/**
 * CPU seconds (user + system) of the children this process has waited for, from Linux's
 * /proc/self/stat (clock ticks of 10 ms): it counts a build's threads and the processes it ran (git).
 * Elsewhere undefined, and the CLI's own figure (its threads, not its children) is taken instead.
 */
function childrenCpu() {
  if (!existsSync('/proc/self/stat')) return undefined;
  const fields = readFileSync('/proc/self/stat', 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  // cutime and cstime are the 16th and 17th fields; the 3rd is the first after the command's name.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** One run of the CLI: wall milliseconds, CPU seconds and peak RSS in MB; a failing command stops the benchmark. */
function cli(args, cwd = ROOT) {
  const rssFile = join(work, 'rss');
  const cpuBefore = childrenCpu();
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', RSS_HOOK, CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, SPECSITE_BENCH_RSS: rssFile },
    maxBuffer: 1 << 26,
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`specsite ${args.join(' ')} exited ${run.status}:\n${run.stdout}${run.stderr}`);
  const [rssKb, ownCpu] = readFileSync(rssFile, 'utf8').split(' ').map(Number);
  const cpuAfter = childrenCpu();
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? ownCpu : cpuAfter - cpuBefore;
  return { ms, cpu, mb: rssKb / 1024 };
}

/**
 * A copy of a project's inputs that a scenario may edit: its content, contracts and static folders, and its
 * config with every `spec` it names made absolute, so contracts kept outside the project still resolve.
 */
function projectCopy(name, from) {
  const dir = join(work, name);
  for (const part of ['content', 'openapi', 'static'])
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
  // Real-world descriptions break a rule or two of the specification (GitHub has two pairs of paths
  // that differ only in a parameter's name): the build takes them as warnings, as a site of them would.
  writeFileSync(
    join(dir, 'site-config.yaml'),
    `title: ${name}\nrules: { path-templates-distinct: warning }\napis:\n  - { id: api, spec: ${JSON.stringify(basename(spec))} }\n`,
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
  const middle = sorted.length / 2;
  // With an even count, the mean of the two middle runs (not the slower of them).
  const median = sorted.length % 2 === 1 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
};

const round = (n, digits = 2) => Number(n.toFixed(digits));
const load = () => loadavg().map((n) => round(n));
if (!flags['no-compile']) execCompile();
const results = [];
const loadAtStart = load();
let floor;
try {
  // The cold build's budget is a multiple of the floor measured now, on the machine as it is now.
  if (!smoke && (!only || only.has('cold'))) {
    process.stderr.write('floor (scripts/bench-floor.mjs): ');
    floor = benchFloor();
    process.stderr.write(`both ${round(floor.both.median)} s\n`);
  }
  for (const scenario of SCENARIOS) {
    if (only && !only.has(scenario.id)) continue;
    process.stderr.write(`${scenario.what}: `);
    const loadBefore = load();
    scenario.prepare?.();
    // One run first, not counted but reported: the first run of a command after specsite is compiled
    // (or of one that runs code the earlier ones did not) has no compiled code kept for it yet, and
    // compiles it and writes it (see bin/code-cache.js); every later run, as a user's every build after
    // the first, uses it. Its figures are kept apart (`firstRun`).
    const first = smoke ? undefined : scenario.run(-1);
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
      cpuSeconds: stats(samples.map((s) => s.cpu)),
      peakMb: stats(samples.map((s) => s.mb)),
      firstRun: first && {
        seconds: round(first.ms / 1000),
        cpuSeconds: round(first.cpu),
        peakMb: Math.round(first.mb),
      },
      measured: new Date().toISOString(),
      // The 1, 5 and 15-minute load averages before and after: on a shared machine, how quiet it was.
      loadavg: { before: loadBefore, after: load() },
    });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

// With --only, the scenarios not run keep their figures from the results file, each with the date it
// was measured, so the file always holds every scenario.
const measuredNow = new Set(results.map((r) => r.id));
if (only && !smoke && existsSync(resultsFile)) {
  const order = SCENARIOS.map((scenario) => scenario.id);
  const previous = JSON.parse(readFileSync(resultsFile, 'utf8')).results ?? [];
  for (const kept of previous)
    if (!results.some((r) => r.id === kept.id) && order.includes(kept.id)) results.push(kept);
  results.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

/**
 * Each budget of a scenario judged on its medians: `pass` per figure, and `within` for all of them.
 * The cold build's floor budget needs the floor of this run (a kept result keeps its own verdict).
 */
function judge(r) {
  const budget = smoke ? undefined : BUDGETS[r.id];
  if (!budget) return r;
  if (!measuredNow.has(r.id)) return r;
  const checks = [];
  if (budget.s !== undefined) checks.push({ figure: 'wall s', limit: budget.s, value: r.seconds.median });
  if (budget.cpu !== undefined && r.cpuSeconds)
    checks.push({ figure: 'CPU s', limit: budget.cpu, value: r.cpuSeconds.median });
  if (budget.mb !== undefined) checks.push({ figure: 'peak MB', limit: budget.mb, value: r.peakMb.median });
  if (budget.floor !== undefined && floor)
    checks.push({
      figure: `wall s (${budget.floor}× the floor's both, ${round(floor.both.median)} s)`,
      limit: round(budget.floor * floor.both.median),
      value: r.seconds.median,
    });
  const verdicts = checks.map((check) => ({ ...check, value: round(check.value), pass: check.value <= check.limit }));
  return { ...r, budgets: verdicts, within: verdicts.every((v) => v.pass) };
}
const judged = results.map(judge);

console.table(
  judged.map((r) => ({
    scenario: r.what,
    measured: (r.measured ?? '').slice(0, 10),
    'median s': round(r.seconds.median),
    'min–max s': `${round(r.seconds.min)}–${round(r.seconds.max)}`,
    'CPU s': r.cpuSeconds ? round(r.cpuSeconds.median) : '',
    'peak MB': Math.round(r.peakMb.median),
    'min–max MB': `${Math.round(r.peakMb.min)}–${Math.round(r.peakMb.max)}`,
    budget: (r.budgets ?? []).map((b) => `${b.figure} ≤ ${b.limit}`).join(', '),
    'within budget': r.within === undefined ? '' : r.within ? 'yes' : `NO (${failed(r)})`,
  })),
);
console.log(`load average (1, 5, 15 min): ${loadAtStart.join(' ')} at the start, ${load().join(' ')} at the end`);

function failed(r) {
  return r.budgets
    .filter((b) => !b.pass)
    .map((b) => b.figure.split(' (')[0])
    .join(', ');
}

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
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      smoke,
      runs,
      loadavg: { start: loadAtStart, end: load() },
      floor: floor ?? null,
      results: judged,
      fitted,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${resultsFile}`);

/** The floor (scripts/bench-floor.mjs) with as many runs as the scenarios, its figures in seconds. */
function benchFloor() {
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/bench-floor.mjs'), '--runs', String(runs), '--json'], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`bench-floor exited ${run.status}:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

function execCompile() {
  const compiled = spawnSync(process.execPath, [join(ROOT, 'scripts/compile.mjs')], { stdio: 'inherit' });
  if (compiled.status !== 0) process.exit(compiled.status ?? 1);
}
