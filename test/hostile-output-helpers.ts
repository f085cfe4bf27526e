import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Run } from './helpers.js';

// Shared by the tests of the output swap and of the disk it writes to: fixture sites, snapshots of
// an output folder, the one-line [output] error, and tmpfs mounts (which need root) undone at the end.

// Two small sites with different top-level entries: A has no schemas/, B has.
export const A = 'test/fixtures/sites/minimal-clean/site-config.yaml';
export const B = 'test/fixtures/sites/contract-components-clean/site-config.yaml';
export const FAILING = 'test/fixtures/sites/invalid-mdx/site-config.yaml';
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;
/** What a build leaves in the output folder: only these, never a staging folder, a journal or a lock. */
const ENTRIES = ['build-report.json', 'mcp', 'schemas', 'site', 'types'];

/** Relative path → sha256 of every file under `dir`, dot-files and -folders included. */
export async function snapshot(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const out = new Map<string, string>();
  for (const entry of entries
    .filter((e) => e.isFile())
    .sort((x, y) => join(x.parentPath, x.name).localeCompare(join(y.parentPath, y.name)))) {
    const file = join(entry.parentPath, entry.name);
    out.set(
      relative(dir, file),
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    );
  }
  return out;
}

export async function assertOnlyEntries(out: string): Promise<void> {
  const names = await readdir(out);
  for (const name of names) assert.ok(ENTRIES.includes(name), `${name} left in the output folder`);
}

/** One located `[output]` line, exit 1, no stack trace. */
export function assertOutputError(run: Run, out: string, message: RegExp): void {
  assert.equal(run.code, 1, run.stdout + run.stderr);
  const lines = run.stdout.trim().split('\n');
  assert.equal(lines.length, 2, run.stdout);
  assert.match(lines[0] as string, new RegExp(`^${escapeRegExp(out)} error \\[output\\] cannot \\w+`));
  assert.match(lines[0] as string, message);
  assert.match(lines[1] as string, /^build failed; .* was left as it was: 1 error, 0 warnings$/);
  assert.doesNotMatch(run.stdout + run.stderr, STACK_LINE);
  assert.doesNotMatch(run.stdout + run.stderr, /internal error/);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Mount points still mounted; a test that unmounts one itself takes it out. */
export const mounted: string[] = [];

/** Runs `mount` with `args`; the mount point (the last argument) is unmounted by `unmountAll`. */
export function mount(...args: string[]): void {
  execFileSync('mount', args);
  mounted.push(args[args.length - 1] as string);
}

/** For the test file's `after`: lazily unmounts what `mount` mounted, last first. */
export function unmountAll(): void {
  for (const point of mounted.reverse()) execFileSync('umount', ['-l', point], { stdio: 'ignore' });
}
