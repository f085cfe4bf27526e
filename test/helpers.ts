import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve('.');
export const CLI = join(ROOT, 'bin/specsite.js');
export const CORPUS = resolve(ROOT, '../shared/corpus/openapi');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI in a child process, as CI and users do. */
export function runCli(args: readonly string[], cwd: string = ROOT): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as NodeJS.ErrnoException & { code?: unknown }).code === 'number' ? ((error as unknown as { code: number }).code) : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

export function runBin(file: string, args: readonly string[], cwd: string): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [file, ...args], { cwd, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as unknown as { code: unknown }).code) || 1 : 0, stdout, stderr });
    });
  });
}

export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `specsite-${prefix}-`));
}
