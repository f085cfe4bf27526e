// The search's budgets (issue 27), on this machine: what building the index adds to a cold build of
// the real site (at most 0.5 s) and of a generated site of 10,000 pages (at most 15 s); in Chromium,
// on the real site served locally, the very first query (Pagefind's script and index fetched) within
// 600 ms and 200 KB, and later queries' results within 100 ms of the keystroke. Prints the figures
// against the budgets; exits non-zero when one fails. A script that prints figures, not a timed test.
//
// What the index adds: the build reads pages into Pagefind while it renders, so its cost is measured
// three ways. `adds` is the budget itself: cold builds with the index and without it, in turn, the
// median of each pair's difference (a pair is taken together, so the machine's other work weighs
// on both of its builds alike; the difference of the two medians is printed beside it). Both run
// from dist/'s unbundled modules; "without" swaps the search
// module for one that indexes nothing, through a module hook of this script's, so the build's own
// code has no switch for it). `stage` is the build's own `search` stage (what is left once
// rendering is done), from the cold builds' reports. `alone` is the whole index run by itself on the
// same site: every page's HTML taken into a fresh index and the API reference's records added,
// until the files are out; it bounds what the index could cost a build that had nothing else to do.
//
//   npm run bench:search                     everything (the 10,000 pages take a few minutes)
//   node scripts/bench-search.mjs --runs 5   cold builds and queries to take the median of (default 3)
//   node scripts/bench-search.mjs --only real,browser   skip the 10,000 pages
//   node scripts/bench-search.mjs --pairs 9  cold builds with and without the index (default 7 of each)
import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generatedSite } from './generated-site.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pairs: { type: 'string', default: '7' },
    only: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(flags.runs));
const only = new Set((flags.only ?? 'real,pages,browser').split(','));
const KB = 1024;
const BUDGETS = { realMs: 500, pagesMs: 15_000, firstQueryMs: 600, firstQueryBytes: 200 * KB, keystrokeMs: 100 };
/** What a reader of this site types (the browser figures): the first one is the very first query. */
const QUERIES = ['chunk window', 'rollback', 'tenant', 'stop a scheduling', 'SearchRequest', 'datasource', 'embedding'];

execFileSync(process.execPath, [join(ROOT, 'scripts/compile.mjs')], { stdio: 'inherit' });
const work = mkdtempSync(join(tmpdir(), 'specsite-bench-search-'));
const failures = [];
console.log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${(await import('node:os')).cpus().length} cores`,
);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (n) => `${Math.round(n)} ms`;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

/** A cold build in a fresh Node process, as the CLI runs it; its wall time and report. */
function coldBuild(config, out) {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [join(ROOT, 'bin/specsite.js'), 'build', '--no-cache', '--config', config, '--out', out],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    },
  );
  const wallMs = performance.now() - started;
  if (run.status !== 0) throw new Error(`build of ${config} failed:\n${run.stdout}${run.stderr}`);
  const report = JSON.parse(readFileSync(join(out, 'build-report.json'), 'utf8'));
  return { wallMs, report, stageMs: report.stages.find((s) => s.stage === 'search').ms };
}

/**
 * The index alone, in a fresh Node process: the site prepared as the build prepares it (untimed),
 * then every built page taken into a new index and the reference's records added (timed).
 */
function indexAlone(config, out) {
  const child = `
    const { prepareSite } = await import(${JSON.stringify(join(ROOT, 'dist/generator/pipeline.js'))});
    const { StageClock } = await import(${JSON.stringify(join(ROOT, 'dist/generator/pipeline/stage-clock.js'))});
    const { Background } = await import(${JSON.stringify(join(ROOT, 'dist/generator/workers/background.js'))});
    const { SiteSearch } = await import(${JSON.stringify(join(ROOT, 'dist/generator/search/index.js'))});
    const { readFile } = await import('node:fs/promises');
    const background = Background.deferred();
    const prepared = await prepareSite({ config: ${JSON.stringify(config)}, cache: false }, { kind: 'build', background }, new StageClock());
    const { content, cache, config: resolved } = prepared.site;
    const pages = new Map();
    for (const page of [...content.docs, ...content.pages])
      pages.set(page.route.slice(1) + 'index.html', await readFile(${JSON.stringify(join(out, 'site'))} + '/' + page.route.slice(1) + 'index.html'));
    // CPU time as well as wall time: this machine may be busy with other work. Pagefind's is its
    // process's, read once it has exited (Linux: the children's times in /proc/self/stat).
    const { readFileSync } = await import('node:fs');
    const children = () => {
      const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
      return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
    };
    const ownBefore = process.cpuUsage();
    const childrenBefore = children();
    const started = performance.now();
    const search = new SiteSearch(resolved, content, cache);
    search.takeAll(pages);
    const result = await search.finish(prepared.site.reference.reference);
    const took = performance.now() - started;
    const own = process.cpuUsage(ownBefore);
    // Pagefind was stopped by finish(); its time counts once Node has reaped it.
    await new Promise((wait) => setTimeout(wait, 500));
    const pagefindCpu = children() - childrenBefore;
    await background.close();
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    process.stdout.write(JSON.stringify({ ms: took, nodeCpu: (own.user + own.system) / 1000, pagefindCpu, report: result.report }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', child], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

/**
 * What the index adds to a cold build: `pairs` cold builds with it and without it, in turn (the
 * machine's other work then weighs on both alike), from dist/'s unbundled modules. Without it, a
 * module hook hands the pipeline a search that takes every page and indexes none.
 */
function indexAdds(config, pairs) {
  const stub = join(work, 'no-search.mjs');
  writeFileSync(
    stub,
    `export class SiteSearch {
      tap(emit) { return emit; }
      takeAll() {}
      take() {}
      expect() {}
      get begunEarly() { return false; }
      async finish() {
        return { ok: true, files: new Map(), report: { pages: 0, records: 0, analysed: 0, files: 0, bytes: 0, ms: 0 } };
      }
      async close() {}
    }\n`,
  );
  const searchModule = pathToFileURL(join(ROOT, 'dist/generator/search/index.js')).href;
  // Both builds load their modules through a hook, which costs time of its own (on Node 20 every
  // module is resolved on the hooks' thread): only the one without the index swaps a module.
  const hooked = (name, swaps) => {
    const hooks = join(work, `${name}-hooks.mjs`);
    const swap = swaps
      ? `if (resolved.url === ${JSON.stringify(searchModule)}) return { ...resolved, url: ${JSON.stringify(pathToFileURL(stub).href)} };`
      : '';
    writeFileSync(
      hooks,
      `export async function resolve(specifier, context, next) {
        const resolved = await next(specifier, context);
        ${swap}
        return resolved;
      }\n`,
    );
    const register = join(work, `${name}-register.mjs`);
    writeFileSync(
      register,
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
    );
    return register;
  };
  const registers = { with: hooked('same', false), without: hooked('no-search', true) };
  // The CLI as bin/specsite.js starts it, from the unbundled modules.
  const runner = join(work, 'cli-unbundled.mjs');
  writeFileSync(
    runner,
    `import v8 from 'node:v8';
    process.env.NODE_ENV ??= 'production';
    if (process.versions.node.split('.')[0] === '20') v8.setFlagsFromString('--interrupt-budget=400000');
    const { main } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist/generator/cli/main.js')).href)});
    process.exitCode = await main(process.argv);\n`,
  );
  const build = (withIndex) => {
    const out = join(work, `adds-${withIndex ? 'with' : 'without'}`);
    const started = performance.now();
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        pathToFileURL(withIndex ? registers.with : registers.without).href,
        runner,
        'build',
        '--no-cache',
        '--config',
        config,
        '--out',
        out,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 26 },
    );
    const wallMs = performance.now() - started;
    if (run.status !== 0) throw new Error(`build of ${config} failed:\n${run.stdout}${run.stderr}`);
    const indexed = readdirSync(join(out, 'site')).includes('pagefind');
    if (indexed !== withIndex)
      throw new Error(`the build ${withIndex ? 'with' : 'without'} the index did not do as asked`);
    rmSync(out, { recursive: true, force: true });
    return wallMs;
  };
  const withIndex = [];
  const without = [];
  // Each pair's first build goes second in the next, so that neither side always follows the other.
  for (let i = 0; i < pairs; i++) {
    const first = i % 2 === 1;
    const a = build(first);
    const b = build(!first);
    withIndex.push(first ? a : b);
    without.push(first ? b : a);
  }
  return {
    withMs: median(withIndex),
    withoutMs: median(without),
    addsMs: median(withIndex.map((wall, i) => wall - without[i])),
  };
}

function measureSite(label, config, runs, budgetMs) {
  const builds = [];
  for (let i = 0; i < runs; i++) {
    const out = join(work, `${label}-${i}`);
    builds.push(coldBuild(config, out));
    if (i < runs - 1) rmSync(out, { recursive: true, force: true });
  }
  const out = join(work, `${label}-${runs - 1}`);
  const alone = [];
  for (let i = 0; i < runs; i++) alone.push(indexAlone(config, out));
  const { report } = builds[0];
  console.log(
    `${label}: ${report.pages.length} pages built; index of ${report.search.pages} pages and ${report.search.records} API entries, ${report.search.files} files, ${(report.search.bytes / KB).toFixed(0)} KB`,
  );
  console.log(
    `  cold build ${ms(median(builds.map((b) => b.wallMs)))} (median of ${runs}), of which the search stage ${ms(median(builds.map((b) => b.stageMs)))}`,
  );
  const aloneMs = median(alone.map((a) => a.ms));
  const nodeCpu = median(alone.map((a) => a.nodeCpu));
  const pagefindCpu = median(alone.map((a) => a.pagefindCpu));
  console.log(
    `  the whole index alone: ${ms(aloneMs)}, CPU ${ms(nodeCpu)} in Node and ${ms(pagefindCpu)} in Pagefind (what it could add to a build with nothing else to do)`,
  );
  const pairs = pairsFor(label);
  const { withMs, withoutMs, addsMs } = indexAdds(config, pairs);
  check(
    addsMs <= budgetMs,
    `${label}: the index adds ${ms(addsMs)} to a cold build (median of ${pairs} pairs' differences; medians ${ms(withMs)} with it and ${ms(withoutMs)} without, ${ms(withMs - withoutMs)} apart; budget ${ms(budgetMs)})`,
  );
  return out;
}

/** Cold builds with and without the index: fewer of the 10,000 pages, which take minutes each. */
function pairsFor(label) {
  return label === 'real site' ? Math.max(1, Number(flags.pairs)) : 1;
}

let realOut;
if (only.has('real') || only.has('browser'))
  realOut = measureSite('real site', join(ROOT, 'site-config.yaml'), only.has('real') ? RUNS : 1, BUDGETS.realMs);
if (only.has('pages')) {
  const dir = generatedSite(work, 10_000);
  const out = measureSite('10,000 pages', join(dir, 'site-config.yaml'), 1, BUDGETS.pagesMs);
  rmSync(out, { recursive: true, force: true });
}
if (only.has('browser') && realOut) await measureBrowser(join(realOut, 'site'));
rmSync(work, { recursive: true, force: true });
if (failures.length > 0) {
  console.log(`${failures.length} budget(s) failed`);
  process.exitCode = 1;
}

/** The query figures in Chromium, on the built real site served by specsite's static server. */
async function measureBrowser(site) {
  const { chromium } = await import('playwright-core');
  const { createStaticServer } = await import(join(ROOT, 'dist/generator/serve/static-server.js'));
  const server = createStaticServer({ root: site, baseUrl: '/' });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${server.address().port}`;
  const { CHROMIUM } = await import(join(ROOT, 'dist/test/browser.js'));
  const browser = await chromium.launch(CHROMIUM);
  const first = [];
  const bytes = [];
  const keystrokes = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      // A fresh context each time: nothing of the index is cached from the run before.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      let fetched = 0;
      const sizes = [];
      page.on('requestfinished', (request) => {
        if (new URL(request.url()).pathname.startsWith('/pagefind/'))
          sizes.push(request.sizes().then((s) => (fetched += s.responseBodySize + s.responseHeadersSize)));
      });
      await page.goto(`${origin}/docs/architecture/`);
      await page.waitForSelector('.navbar [data-search-button]:not([disabled])');
      // The very first query: the dialog opened and the query typed at once, until its results show.
      const started = Date.now();
      await page.keyboard.press('/');
      await page.fill('.search-dialog-input', QUERIES[0]);
      await answered(page, QUERIES[0]);
      first.push(Date.now() - started);
      await Promise.all(sizes);
      bytes.push(fetched);
      // Later queries: from the input event to the results shown, measured in the page.
      for (const query of QUERIES.slice(1)) keystrokes.push(await typed(page, query));
      await context.close();
    }
  } finally {
    await browser.close();
    server.closeAllConnections();
    server.close();
  }
  const firstMs = median(first);
  check(
    firstMs <= BUDGETS.firstQueryMs,
    `very first query (script and index fetched): ${ms(firstMs)} (budget ${ms(BUDGETS.firstQueryMs)})`,
  );
  const firstBytes = Math.max(...bytes);
  check(
    firstBytes <= BUDGETS.firstQueryBytes,
    `bytes fetched for the first query: ${(firstBytes / KB).toFixed(1)} KB at most (budget ${BUDGETS.firstQueryBytes / KB} KB)`,
  );
  const keyMs = median(keystrokes);
  check(
    keyMs <= BUDGETS.keystrokeMs,
    `results after a keystroke, once loaded: median ${ms(keyMs)}, slowest ${ms(Math.max(...keystrokes))} (budget ${ms(BUDGETS.keystrokeMs)})`,
  );
}

function answered(page, query) {
  return page.waitForFunction(
    (q) =>
      document.querySelector('.search-dialog-input')?.value === q &&
      (document.querySelector('.search-results:not([aria-busy="true"])') !== null ||
        /^No results/.test(document.querySelector('.search-dialog [role="status"]')?.textContent ?? '')),
    query,
    { timeout: 10_000, polling: 'raf' },
  );
}

/** Milliseconds from setting the field (as a keystroke does) to its results on screen. */
function typed(page, query) {
  return page.evaluate(
    (q) =>
      new Promise((done) => {
        const input = document.querySelector('.search-dialog-input');
        const started = performance.now();
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        setter.call(input, q);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const look = () => {
          const shown =
            document.querySelector('.search-results:not([aria-busy="true"])') !== null ||
            /^No results/.test(document.querySelector('.search-dialog [role="status"]')?.textContent ?? '');
          if (
            input.value === q &&
            shown &&
            document.querySelector('.search-results')?.getAttribute('aria-busy') !== 'true'
          )
            done(performance.now() - started);
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
    query,
  );
}
