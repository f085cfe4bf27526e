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

const files = find('dist/test').sort();
const result = spawnSync(
  process.execPath,
  [
    '--enable-source-maps',
    '--test',
    '--test-reporter=spec',
    '--test-concurrency=2',
    ...process.argv.slice(2),
    ...files,
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
