// Runs every dist/test/**/*.test.js with node's test runner, two files at a time, longest first.
// Node 20 has no glob support in `--test`, and given a folder it would also run the helper modules
// as tests; and `node --test a b c` sorts the files by name whatever their order, so the files are
// handed to the runner's `run()`, which keeps it. Options: `--test-name-pattern=<pattern>` (repeatable).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

/**
 * The longest files, longest first (a full run on two cores: corpus-render about 4 minutes,
 * corpus 2, the others 30 s to 1 min). The runner starts files in the order given, two at a time:
 * started first, they run beside the many short ones instead of finishing last and alone.
 */
const LONGEST = [
  'corpus-render',
  'corpus',
  'corpus-checks',
  'browser-api-fit',
  'cache-keys',
  'browser-reference-routes',
  'browser-navigation',
  'cli',
  'bench-smoke',
  'browser-search',
  'background',
  'diagnostic-cascades',
  'hostile-wide-input',
  'rule-severities',
].map((name) => join('dist/test', `${name}.test.js`));

function find(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return find(path);
    return entry.name.endsWith('.test.js') ? [path] : [];
  });
}

const testNamePatterns = [];
for (const arg of process.argv.slice(2)) {
  const pattern = /^--test-name-pattern=(.+)$/.exec(arg)?.[1];
  if (pattern === undefined) {
    console.error(`scripts/test.mjs: unknown option ${arg} (it takes --test-name-pattern=<pattern>)`);
    process.exit(2);
  }
  testNamePatterns.push(pattern);
}

const found = find('dist/test').sort();
const files = [...LONGEST.filter((file) => found.includes(file)), ...found.filter((file) => !LONGEST.includes(file))];
// Each file runs in a child process started with this environment: stack traces point into test/*.ts.
process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, '--enable-source-maps'].filter(Boolean).join(' ');
run({ files, concurrency: 2, ...(testNamePatterns.length > 0 ? { testNamePatterns } : {}) })
  .on('test:fail', () => {
    process.exitCode = 1;
  })
  .compose(new spec())
  .pipe(process.stdout);
