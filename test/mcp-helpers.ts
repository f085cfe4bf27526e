import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import { CLI, ROOT } from './helpers.js';

/** An MCP client connected over stdio to `node bin/specsite.js mcp ARGS`, as an assistant's host starts it. */
export interface McpSession {
  client: Client;
  /** The server's process id. */
  pid: number;
  /** What the server wrote to stderr so far. */
  stderr: () => string;
  /** Problems the client met reading the server's stdout (a line that is not the protocol's). */
  errors: Error[];
  /** A tool's answer: its text, and whether it is an error. */
  call: (name: string, args: Record<string, unknown>) => Promise<{ text: string; isError: boolean }>;
  /** A tool's answer that must not be an error, parsed as JSON. */
  json: <T>(name: string, args: Record<string, unknown>) => Promise<T>;
}

export async function connectMcp(args: readonly string[]): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    cwd: ROOT,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const errors: Error[] = [];
  const client = new Client({ name: 'specsite-test', version: '1.0.0' });
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    const content = result.content as Array<{ type: string; text?: string }>;
    assert.equal(content.length, 1, `${name} answers with one text`);
    assert.equal(content[0]?.type, 'text');
    return { text: content[0]?.text ?? '', isError: result.isError === true };
  };
  return {
    client,
    pid: transport.pid as number,
    stderr: () => stderr,
    errors,
    call,
    json: async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
      const { text, isError } = await call(name, args);
      assert.equal(isError, false, text);
      return JSON.parse(text) as T;
    },
  };
}

/** Every resource, page after page of `resources/list`. */
export async function listAllResources(client: Client): Promise<Resource[]> {
  const all: Resource[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listResources(cursor === undefined ? {} : { cursor });
    all.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return all;
}

/** Runs `specsite mcp ARGS` with stdin closed at once (a server that starts stops then), with what it wrote. */
export function runMcp(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, 'mcp', ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end();
  });
}

/** Whether a process is still there (a zombie not yet reaped counts as gone). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
