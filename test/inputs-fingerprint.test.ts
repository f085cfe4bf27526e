import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { ROOT, tempDir } from './helpers.js';

// The paths hashed come from the last build's report, in the output folder: one edited by hand may name
// anything in the project. A named pipe is never opened (reading one waits for a writer that never
// comes, and a synchronous read would hold the process), so the hashing runs in a process of its own here.
test('the sources are hashed without opening a named pipe among them, which counts as unreadable', async () => {
  const dir = await tempDir('inputs-pipe');
  await writeFile(join(dir, 'page.mdx'), '# Page\n');
  execFileSync('mkfifo', [join(dir, 'pipe')]);
  const inputs = pathToFileURL(join(ROOT, 'dist/generator/write/inputs.js')).href;
  const script = `const { fingerprintInputs } = await import(${JSON.stringify(inputs)});
const dir = ${JSON.stringify(dir)};
console.log(JSON.stringify([
  await fingerprintInputs(dir, ['pipe', 'page.mdx']),
  await fingerprintInputs(dir, ['page.mdx']),
  await fingerprintInputs(dir, ['.']),
]));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(run.status, 0, `the hashing did not end: ${run.error?.message ?? run.stderr}`);
  const [withPipe, without, folder] = JSON.parse(run.stdout) as string[];
  // The pipe counts, as something that cannot be read: not as a file that is gone.
  assert.notEqual(withPipe, without);
  assert.match(folder ?? '', /^[0-9a-f]{64}$/);
});
