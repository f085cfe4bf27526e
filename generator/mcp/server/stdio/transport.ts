import { isUtf8 } from 'node:buffer';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  JSONRPCMessageSchema,
  RequestIdSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { oneLine } from '../../../diagnostics/line.js';
import { LineSplitter } from './lines.js';

/** The longest message the server reads, newline excluded: its requests are a few hundred bytes. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

type Refusal = { code: number; message: string; id: string | number | null };

/**
 * MCP over stdio as the SDK's `StdioServerTransport` speaks it (one JSON-RPC message per line), but
 * a line it cannot take never ends the connection: a line over `MAX_MESSAGE_BYTES` is dropped as it
 * streams in (the SDK's buffers it, then closes, and the server exits with nothing said), and a line
 * that is not UTF-8, not JSON or not a JSON-RPC message is answered with a JSON-RPC error (`id` null
 * unless it is a request whose id can be read) and logged on stderr; the next line is read as usual.
 */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private closed = false;
  private readonly lines = new LineSplitter(
    MAX_MESSAGE_BYTES,
    (bytes, line) => this.read(bytes, line),
    (line) =>
      this.refuse(line, {
        code: ErrorCode.InvalidRequest,
        message: `Invalid Request: a message longer than ${MAX_MESSAGE_BYTES / 2 ** 20} MiB (${MAX_MESSAGE_BYTES} bytes), the most this server reads; dropped`,
        id: null,
      }),
  );

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    /** Where a refused line is said, one line each: stderr. */
    private readonly log: (text: string) => void,
  ) {}

  private readonly onData = (chunk: Buffer): void => this.lines.push(chunk);
  private readonly onError = (error: Error): void => this.onerror?.(error);

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onError);
    this.onclose?.();
  }

  private read(bytes: Buffer, line: number): void {
    const text = isUtf8(bytes) ? bytes.toString('utf8').trim() : undefined;
    if (text === '') return; // a blank line between messages says nothing
    if (text === undefined)
      return this.refuse(line, { code: ErrorCode.ParseError, message: 'Parse error: the line is not UTF-8', id: null });
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return this.refuse(line, { code: ErrorCode.ParseError, message: 'Parse error: the line is not JSON', id: null });
    }
    const message = JSONRPCMessageSchema.safeParse(value);
    if (!message.success)
      return this.refuse(line, {
        code: ErrorCode.InvalidRequest,
        message: 'Invalid Request: not a JSON-RPC 2.0 request, notification or response as MCP has them',
        id: requestId(value),
      });
    try {
      this.onmessage?.(message.data);
    } catch (error) {
      this.refuse(line, {
        code: ErrorCode.InternalError,
        message: `Internal error: ${oneLine(String((error as Error).message))}`,
        id: requestId(value),
      });
    }
  }

  private refuse(line: number, { code, message, id }: Refusal): void {
    this.log(`specsite mcp: line ${line} refused: ${message}\n`);
    void this.write({ jsonrpc: '2.0', id, error: { code, message } });
  }

  private write(message: object): Promise<void> {
    return new Promise((done) => {
      if (this.closed || this.stdout.writableEnded) return done();
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) done();
      else this.stdout.once('drain', done);
    });
  }
}

/**
 * The id of what looks like a request, so that its sender is not left waiting; null for anything
 * else (answering a malformed response by its id would fail the client's own request of that id).
 */
function requestId(value: unknown): string | number | null {
  if (typeof value !== 'object' || value === null || !('method' in value) || !('id' in value)) return null;
  const id = RequestIdSchema.safeParse(value.id);
  return id.success ? id.data : null;
}
