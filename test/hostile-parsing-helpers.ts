import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir, type Run } from './helpers.js';

// Shared by the hostile parsing, generated code and build cache tests: files from strangers are
// written into a temp project, and each problem must come back as one located line.

const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

/** A temp project: the given files (text or bytes) under their relative paths. */
export async function project(files: Record<string, string | Uint8Array>): Promise<string> {
  const dir = await tempDir('hostile-parsing');
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

/** The diagnostic lines of a text report (all but the summary). */
function problemLines(run: Run): string[] {
  return run.stdout
    .split('\n')
    .filter((line) => line !== '' && !/^validated |^built |: \d+ errors?, \d+ warnings?$/.test(line));
}

/** Exactly one problem, `file:line:col error [rule] …`, exit 1, no stack trace. */
export function assertOneLocated(run: Run, file: string, rule: string, line?: number): string {
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.doesNotMatch(run.stdout + run.stderr, STACK_LINE);
  const lines = problemLines(run);
  assert.equal(lines.length, 1, run.stdout);
  const match = /^(\S+):(\d+):(\d+) error \[([a-z-]+)\] (.+)$/.exec(lines[0] as string);
  assert.ok(match, `not a located line: ${lines[0]}`);
  assert.equal(match[1], file);
  assert.equal(match[4], rule, lines[0]);
  if (line !== undefined) assert.equal(Number(match[2]), line, lines[0]);
  return lines[0] as string;
}

export const CONTRACT_HEAD = 'openapi: 3.0.3\ninfo: { title: T, version: "1.0.0" }\npaths: {}\n';
