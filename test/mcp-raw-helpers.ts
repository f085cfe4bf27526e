import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { CLI, ROOT } from './helpers.js';

/**
 * `specsite mcp ARGS` driven byte by byte, as no SDK client would: what it is sent need not be a
 * message, and what it answers is read line by line, each parsed as JSON.
 */
export interface RawMcp {
  pid: number;
  /** Writes bytes to the server's stdin, waiting while the pipe is full; false once the server stopped reading. */
  write: (bytes: string | Buffer) => Promise<boolean>;
  /** Sends a JSON-RPC request, one line. */
  request: (id: number, method: string, params?: Record<string, unknown>) => Promise<boolean>;
  /** The next line the server wrote to stdout, parsed; rejects when the server exits first. */
  next: () => Promise<Answer>;
  stderr: () => string;
  /** Resolves once stderr matches (the test's own timeout bounds the wait). */
  waitForStderr: (pattern: RegExp) => Promise<void>;
  /** Closes stdin; the server's exit code. */
  close: () => Promise<number | null>;
}

export interface Answer {
  jsonrpc: string;
  id: string | number | null;
  result?: unknown;
  error?: { code: number; message: string };
}

export function spawnRawMcp(args: readonly string[], node: { flags?: readonly string[] } = {}): RawMcp {
  const child = spawn(process.execPath, [...(node.flags ?? []), CLI, 'mcp', ...args], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  let pending = '';
  const lines: string[] = [];
  let wake = (): void => {};
  let exited = false;
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    wake();
  });
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (pending + chunk.toString()).split('\n');
    pending = parts.pop() ?? '';
    lines.push(...parts);
    wake();
  });
  child.on('exit', () => {
    exited = true;
    wake();
  });
  // A server that died makes writes fail with EPIPE: the test sees it by what the server answers.
  child.stdin.on('error', () => {});
  const changed = () => new Promise<void>((done) => (wake = done));
  const write = async (bytes: string | Buffer): Promise<boolean> => {
    if (exited || child.stdin.destroyed) return false;
    try {
      if (!child.stdin.write(bytes)) await Promise.race([once(child.stdin, 'drain'), once(child, 'exit')]);
    } catch {
      return false; // EPIPE: the server is gone
    }
    return !exited;
  };
  return {
    pid: child.pid as number,
    write,
    request: (id, method, params) => write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`),
    next: async () => {
      while (lines.length === 0) {
        if (exited) throw new Error(`the server exited (code ${child.exitCode}); stderr:\n${stderr}`);
        await changed();
      }
      return JSON.parse(lines.shift() as string) as Answer;
    },
    stderr: () => stderr,
    waitForStderr: async (pattern) => {
      while (!pattern.test(stderr)) {
        if (exited) throw new Error(`the server exited before writing ${pattern}; stderr:\n${stderr}`);
        await changed();
      }
    },
    close: async () => {
      child.stdin.end();
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
      return child.exitCode;
    },
  };
}

/** The most memory a process has held resident so far, in bytes (Linux's VmHWM). */
export async function peakResident(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kb) * 1024;
}
