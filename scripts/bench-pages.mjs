// The reference's page budgets (issue 26): builds the real site and GitHub's one-API site, each in a
// fresh Node process, and checks what their build reports measured against the budgets: every page
// of our site at most 300 KB of HTML and 5,000 elements, every page of GitHub's at most 1.5 MB, the
// JavaScript of an API page at most 80 KB gzip. Then, in Chromium, how long after navigation the
// first operation of GitHub's reference is painted (at most 300 ms), and whether any long animation
// frame ran our script for more than 50 ms. Prints the figures; exits non-zero when a budget fails.
// A script that prints figures, not a timed test.
//
//   node scripts/bench-pages.mjs             both sites (GitHub's takes about a minute)
//   node scripts/bench-pages.mjs --runs 9    navigations to take the median of (default 5)
import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const GITHUB = resolve(
  ROOT,
  process.env.SPECSITE_CORPUS || '../shared/corpus/openapi',
  'public/github__api.github.com.json',
);
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt === -1 ? 5 : Number(process.argv[runsAt + 1]);
const KB = 1024;
const BUDGETS = {
  ours: { htmlBytes: 300 * KB, elements: 5000 },
  corpus: { htmlBytes: 1536 * KB },
  jsGzip: 80 * KB,
  paintMs: 300,
  longTaskMs: 50,
};

execFileSync(process.execPath, [join(ROOT, 'scripts/compile.mjs')], { stdio: 'inherit' });

/** Builds in a child process, as the CLI would, and returns its build report. */
function build(config, out) {
  const child = `
    const { build } = await import(${JSON.stringify(join(ROOT, 'dist/generator/index.js'))});
    const result = await build({ config: ${JSON.stringify(config)}, out: ${JSON.stringify(out)}, strict: false, cache: false });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    process.stdout.write(JSON.stringify({ errors: errors.length, first: errors[0] }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', child], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 1 << 26,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  const result = JSON.parse(run.stdout);
  if (result.errors > 0) throw new Error(`${config}: ${result.errors} errors, first ${JSON.stringify(result.first)}`);
  return JSON.parse(readFileSync(join(out, 'build-report.json'), 'utf8'));
}

const failures = [];
const kib = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

/** Each API's largest page from the report, against a budget of bytes (and elements, when given). */
function checkPages(site, report, budget) {
  for (const api of report.apiPages) {
    const { route, htmlBytes, elements } = api.largest;
    const within = htmlBytes <= budget.htmlBytes && (budget.elements === undefined || elements <= budget.elements);
    const limit = `${kib(budget.htmlBytes)}${budget.elements === undefined ? '' : `, ${budget.elements} elements`}`;
    check(
      within,
      `${site} ${api.apiId}: ${api.pages} pages, largest ${route} ${kib(htmlBytes)}, ${elements} elements (budget ${limit})`,
    );
  }
  // What an API page loads as it opens: the entry, its shared chunks and the reference's chunk.
  const js = report.javascript.load.api.gzipBytes;
  check(js <= BUDGETS.jsGzip, `${site} JavaScript per API page ${kib(js)} gzip (budget ${kib(BUDGETS.jsGzip)})`);
}

/**
 * Opens `url` `RUNS` times in a fresh Chromium context and measures, from navigation start: when the
 * heading of the first operation is painted (Element Timing, its attribute set before the first
 * paint), and the long animation frames with their scripts. Returns the median paint and the worst
 * script time from `ours` (the site's bundle).
 */
async function paint(root, url, ours) {
  const { chromium } = await import('playwright-core');
  const { createStaticServer } = await import(join(ROOT, 'dist/generator/serve/static-server.js'));
  const server = createStaticServer({ root, baseUrl: '/' });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${server.address().port}`;
  const { CHROMIUM } = await import(join(ROOT, 'dist/test/browser.js'));
  const browser = await chromium.launch(CHROMIUM);
  const paints = [];
  let worstScript = 0;
  let worstFrame = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const bench = { element: undefined, frames: [] };
        window.__bench = bench;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (entry.identifier === 'first-operation') bench.element ??= entry.renderTime || entry.loadTime;
        }).observe({ type: 'element', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            bench.frames.push({
              duration: entry.duration,
              scripts: entry.scripts.map((s) => ({ url: s.sourceURL, duration: s.duration })),
            });
        }).observe({ type: 'long-animation-frame', buffered: true });
        // Marks the first operation's heading as the parser adds it, before it is first painted.
        const mark = new MutationObserver(() => {
          const heading = document.querySelector('.api-operation :is(h2, h3, h4)');
          if (!heading) return;
          heading.setAttribute('elementtiming', 'first-operation');
          mark.disconnect();
        });
        mark.observe(document, { childList: true, subtree: true });
      });
      await page.goto(`${origin}${url}`, { waitUntil: 'load' });
      await page.waitForFunction(() => window.__bench.element !== undefined, undefined, { timeout: 10_000 });
      await page.waitForTimeout(500);
      const bench = await page.evaluate(() => window.__bench);
      paints.push(bench.element);
      for (const frame of bench.frames) {
        worstFrame = Math.max(worstFrame, frame.duration);
        for (const script of frame.scripts)
          if (script.url.includes(ours)) worstScript = Math.max(worstScript, script.duration);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.closeAllConnections();
    server.close();
  }
  paints.sort((a, b) => a - b);
  return { median: paints[Math.floor(paints.length / 2)], paints, worstScript, worstFrame };
}

const work = mkdtempSync(join(tmpdir(), 'specsite-bench-pages-'));
try {
  const real = build(join(ROOT, 'site-config.yaml'), join(work, 'real'));
  checkPages('our site', real, BUDGETS.ours);

  const github = join(work, 'github');
  // A contract is read only from inside its site's folder.
  copyFileSync(GITHUB, join(work, 'github.json'));
  writeFileSync(join(work, 'github.yaml'), 'title: GitHub\napis:\n  - { id: api, spec: github.json }\n');
  const report = build(join(work, 'github.yaml'), github);
  checkPages('GitHub', report, BUDGETS.corpus);

  // The first operation of the reference: the first of the first tag (on the overview's page when not split).
  const overview = readFileSync(join(github, 'site/api/api/index.html'), 'utf8');
  const first = /<section class="api-operation[^"]*" id=/.test(overview)
    ? '/api/api/'
    : (/<a[^>]+href="(\/api\/api\/[^"#]+\/)#tag-[^"]*"/.exec(overview)?.[1] ?? '/api/api/');
  const bundle = report.javascript.file.split('/').pop();
  const measured = await paint(join(github, 'site'), first, bundle);
  const runs = measured.paints.map((ms) => Math.round(ms)).join(', ');
  check(
    measured.median <= BUDGETS.paintMs,
    `GitHub ${first}: first operation painted ${Math.round(measured.median)} ms after navigation (median of ${runs}; budget ${BUDGETS.paintMs} ms)`,
  );
  check(
    measured.worstScript <= BUDGETS.longTaskMs,
    `GitHub ${first}: our script's longest run in a long animation frame ${Math.round(measured.worstScript)} ms (budget ${BUDGETS.longTaskMs} ms; longest frame ${Math.round(measured.worstFrame)} ms)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.log(`${failures.length} budget(s) failed`);
  process.exit(1);
}
