// Page loads of the real site in Chromium (issue 40: moved out of the test suite, where wall-clock
// bounds flaked under load). For the docs and the API page it prints, over a reader's next visits
// (a profile on disk, two warm-up loads first: Chromium keeps a script's compiled code from its
// second run on), the median first contentful paint, DOMContentLoaded, load and hydration, and the
// time our script takes in long animation frames; the aim is hydration and our script under 50 ms
// a frame. A script that prints figures, not a timed test. Run it on a quiet machine.
//
//   npm run bench:load                   5 measured loads of each page
//   node scripts/bench-load.mjs --runs 9
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
process.chdir(ROOT);
const { values: flags } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const MEASURED_LOADS = Math.max(1, Number(flags.runs));
const WARM_LOADS = 2;
const CONFIG = 'site-config.yaml';
const PAGES = { docs: '/docs/architecture/', api: '/api/searcher/' };

// The compiled test helpers: the same build, server and Chromium as the browser tests.
const { withProfile, withServed } = await import(join(ROOT, 'dist/test/browser.js'));
const { buildSite, DESKTOP, waitHydrated } = await import(join(ROOT, 'dist/test/browser-fixture.js'));

/** Runs in the page before its scripts: collects long tasks and our script's time in long frames. */
function observe() {
  const seen = { longTasks: [], ourScripts: [] };
  window.seen = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) {
      const ours = frame.scripts.filter((s) => s.sourceURL.includes('/assets/js/')).reduce((n, s) => n + s.duration, 0);
      if (ours > 0) seen.ourScripts.push(Math.round(ours));
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

function figures() {
  const nav = performance.getEntriesByType('navigation')[0];
  return {
    fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1),
    dcl: Math.round(nav.domContentLoadedEventEnd),
    load: Math.round(nav.loadEventEnd),
    hydrate: Math.round(performance.getEntriesByName('specsite:hydrate')[0]?.duration ?? -1),
    htmlBytes: nav.decodedBodySize,
    ...window.seen,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const out = await buildSite(CONFIG, 'bench-load');
const rows = [];
for (const [kind, path] of Object.entries(PAGES)) {
  const profile = mkdtempSync(join(tmpdir(), `specsite-bench-load-${kind}-`));
  try {
    const loads = await withServed(CONFIG, out, (url) =>
      withProfile(profile, DESKTOP, async (context) => {
        await context.addInitScript(observe);
        const measured = [];
        for (let i = 0; i < WARM_LOADS + MEASURED_LOADS; i++) {
          const page = await context.newPage();
          await page.goto(url.replace(/\/$/, '') + path, { waitUntil: 'load' });
          await waitHydrated(page);
          await page.waitForTimeout(300);
          const load = await page.evaluate(figures);
          if (i >= WARM_LOADS) measured.push(load);
          await page.close();
        }
        return measured;
      }),
    );
    rows.push({
      page: `${kind} ${path}`,
      'HTML KB': Number((loads[0].htmlBytes / 1024).toFixed(1)),
      'FCP ms': median(loads.map((l) => l.fcp)),
      'DOMContentLoaded ms': median(loads.map((l) => l.dcl)),
      'load ms': median(loads.map((l) => l.load)),
      'hydration ms': median(loads.map((l) => l.hydrate)),
      'hydration best–worst ms': `${Math.min(...loads.map((l) => l.hydrate))}–${Math.max(...loads.map((l) => l.hydrate))}`,
      'our script per frame, best ms': Math.min(...loads.map((l) => Math.max(0, ...l.ourScripts))),
      'long tasks per load': JSON.stringify(loads.map((l) => l.longTasks)),
    });
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
console.log(
  `median of ${MEASURED_LOADS} loads after ${WARM_LOADS} warm ones (aim: hydration and our script under 50 ms)`,
);
console.table(rows);
