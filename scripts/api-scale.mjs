// How the API reference scales: builds one-API sites from documents of growing size (and the real
// site with its six contracts), each in a fresh Node process, and prints wall time, peak memory and
// the bytes of the reference pages, with each figure per MB of contract so linear growth shows as a
// flat column. A script that prints figures, not a timed test.
//
//   node scripts/api-scale.mjs            every document below (GitHub's 13 MB one takes about a minute)
//   node scripts/api-scale.mjs --quick    the small and middle-sized ones only
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const CORPUS = resolve(ROOT, process.env.SPECSITE_CORPUS || '../shared/corpus/openapi', 'public');
const quick = process.argv.includes('--quick');

// Third-party documents, smallest to largest. `rules` are the ones each breaks (see test/corpus-render.test.ts).
const DOCUMENTS = [
  { file: 'redoc__openapi.yaml', rules: ['oas-schema'] },
  { file: 'stoplight__zoom.openapi.yml', rules: [] },
  { file: 'adyen__CheckoutService-v71.json', rules: [] },
  { file: 'discord__openapi.json', rules: [] },
  { file: 'apisguru__azure.com_web-WebApps.json', rules: [] },
  { file: 'twilio__api_v2010.yaml', rules: [] },
  { file: 'kubernetes__swagger.json', rules: [], large: true },
  { file: 'github__api.github.com.json', rules: [], large: true },
];

execFileSync(process.execPath, [join(ROOT, 'scripts/compile.mjs')], { stdio: 'inherit' });

/** Builds in a child process so that peak RSS and module loading are the CLI's own, as a user sees them. */
function measure(config, out) {
  const child = `
    const started = performance.now();
    const { build } = await import(${JSON.stringify(join(ROOT, 'dist/generator/index.js'))});
    const result = await build({ config: ${JSON.stringify(config)}, out: ${JSON.stringify(out)}, strict: false });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    process.stdout.write(JSON.stringify({ ms: performance.now() - started, rssKb: process.resourceUsage().maxRSS, errors: errors.length, first: errors[0], stages: result.report?.stages }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', child], {
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 1 << 26,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  const figures = JSON.parse(run.stdout);
  if (figures.errors > 0)
    throw new Error(`${config}: ${figures.errors} errors, first ${JSON.stringify(figures.first)}`);
  return figures;
}

/** Bytes and count of the HTML pages under a folder of the built site. */
function pages(dir) {
  let bytes = 0;
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    bytes += statSync(join(entry.parentPath ?? entry.path, entry.name)).size;
    count++;
  }
  return { bytes, count };
}

const rows = [];
const work = mkdtempSync(join(tmpdir(), 'specsite-scale-'));
try {
  // The real site: six contracts (every version), 60 docs pages, the standalone pages.
  {
    const out = join(work, 'site-out');
    const figures = measure(join(ROOT, 'site-config.yaml'), out);
    const contractBytes = readdirSync(join(ROOT, 'openapi'), { recursive: true })
      .filter((f) => /\.(ya?ml|json)$/.test(f))
      .reduce((n, f) => n + statSync(join(ROOT, 'openapi', f)).size, 0);
    rows.push({
      name: 'the six contracts (whole site)',
      mb: contractBytes / 1e6,
      ...figures,
      ...pages(join(out, 'site/api')),
    });
  }
  for (const doc of DOCUMENTS) {
    if (quick && doc.large) continue;
    const spec = join(CORPUS, doc.file);
    const dir = mkdtempSync(join(work, 'doc-'));
    const config = join(dir, 'site-config.yaml');
    const rules = doc.rules.length > 0 ? `rules:\n${doc.rules.map((r) => `  ${r}: warning\n`).join('')}` : '';
    // Copied in: a spec is read only inside the config's folder.
    copyFileSync(spec, join(dir, basename(spec)));
    writeFileSync(config, `title: Scale\napis:\n  - { id: api, spec: ${JSON.stringify(basename(spec))} }\n${rules}`);
    const figures = measure(config, join(dir, 'out'));
    rows.push({ name: doc.file, mb: statSync(spec).size / 1e6, ...figures, ...pages(join(dir, 'out/site/api')) });
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const stage = (row, name) => row.stages?.find((s) => s.stage === name)?.ms ?? 0;
const table = rows.map((r) => ({
  document: r.name,
  MB: r.mb.toFixed(2),
  'build s': (r.ms / 1000).toFixed(1),
  's/MB': (r.ms / 1000 / r.mb).toFixed(2),
  'contracts s': (stage(r, 'contracts') / 1000).toFixed(1),
  'models s': (stage(r, 'models') / 1000).toFixed(1),
  'render s': (stage(r, 'render') / 1000).toFixed(1),
  // Waiting for the checks and types of the second thread.
  'background s': (stage(r, 'background') / 1000).toFixed(1),
  'peak RSS MB': (r.rssKb / 1024).toFixed(0),
  'API pages': r.count,
  'page MB': (r.bytes / 1e6).toFixed(2),
  'page MB/MB': (r.bytes / 1e6 / r.mb).toFixed(2),
}));
console.table(table);

// Least-squares line through the third-party documents: time and page bytes against document size.
const docs = rows.slice(1);
const fit = (ys) => {
  const xs = docs.map((r) => r.mb);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const slope = xs.reduce((n, x, i) => n + (x - mx) * (ys[i] - my), 0) / xs.reduce((n, x) => n + (x - mx) ** 2, 0);
  return { slope, intercept: my - slope * mx };
};
if (docs.length >= 2) {
  const time = fit(docs.map((r) => r.ms / 1000));
  const bytes = fit(docs.map((r) => r.bytes / 1e6));
  console.log(
    `fitted: build ${time.slope.toFixed(2)} s per MB of contract + ${time.intercept.toFixed(2)} s; reference pages ${bytes.slope.toFixed(2)} MB per MB + ${bytes.intercept.toFixed(2)} MB`,
  );
}
