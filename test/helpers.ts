import { execFile } from 'node:child_process';
import { main } from '../generator/cli/main.js';
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve('.');
export const CLI = join(ROOT, 'bin/specsite.js');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a Node script in a child process (with Node's own `flags` and more `env`) and collects its exit code and output. */
export function runBin(
  file: string,
  args: readonly string[],
  cwd: string,
  node: { flags?: readonly string[]; env?: Record<string, string> } = {},
): Promise<Run> {
  const options = { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...node.env } };
  return new Promise((done) => {
    execFile(process.execPath, [...(node.flags ?? []), file, ...args], options, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      done({ code, stdout, stderr });
    });
  });
}

/** Runs the real CLI in a child process, as CI and users do. */
export function runCli(args: readonly string[], cwd: string = ROOT): Promise<Run> {
  return runBin(CLI, args, cwd);
}

/**
 * Folders made by `tempDir`, removed when the test file's process ends (each file runs in its own):
 * a full run made about 400 of them, some gigabytes. `SPECSITE_KEEP_TEMP=1` keeps them, to look
 * into what a failed test left.
 */
const temporary: string[] = [];
process.once('exit', () => {
  if (process.env.SPECSITE_KEEP_TEMP === '1') return;
  for (const dir of temporary) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // A folder something still holds open stays; the system's own cleaning of its temporary folder takes it.
    }
  }
});

/** A new, empty folder under the system's temporary folder, removed once the test file is done. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `specsite-${prefix}-`));
  temporary.push(dir);
  return dir;
}

/**
 * Runs the CLI's `main` in this process with captured output: the same argument parsing, commands
 * and exit codes as `runCli`, without the second or two a child process spends loading.
 */
export async function runMain(args: readonly string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'specsite', ...args], {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}
