// Runs every dist/test/**/*.test.js with node's test runner. Node 20 has no glob support in
// `--test`, and given a folder it would also run the helper modules as tests.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

function find(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return find(path);
    return entry.name.endsWith('.test.js') ? [path] : [];
  });
}

function run(files, concurrency) {
  if (files.length === 0) return 0;
  const result = spawnSync(
    process.execPath,
    [
      '--enable-source-maps',
      '--test',
      '--test-reporter=spec',
      `--test-concurrency=${concurrency}`,
      ...process.argv.slice(2),
      ...files,
    ],
    { stdio: 'inherit' },
  );
  return result.status ?? 1;
}

const files = find('dist/test').sort();
// Files that measure wall-clock time (*.timing.test.js) run after the others, one at a time: with
// two files at once on a 2-core machine, each slows the other's figures down by half or more.
const timing = files.filter((file) => file.endsWith('.timing.test.js'));
const others = files.filter((file) => !timing.includes(file));
const status = run(others, 2);
const timingStatus = run(timing, 1);
process.exit(status || timingStatus);
