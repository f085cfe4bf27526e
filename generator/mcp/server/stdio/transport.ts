import { isUtf8 } from 'node:buffer';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, isJSONRPCRequest, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { oneLine } from '../../../diagnostics/line.js';
import type { Screen } from '../gate.js';
import { Batch, BATCH_VERSION } from './batch.js';
import { classify, type Refusal } from './classify.js';
import { LineSplitter } from './lines.js';
import { tidy } from './tidy.js';

/** The longest message the server reads, newline excluded: its requests are a few hundred bytes. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

type Taken = { message?: JSONRPCMessage; refusal?: Refusal };

/**
 * MCP over stdio as the SDK's `StdioServerTransport` speaks it (one JSON-RPC message per line), but
 * answering every line as JSON-RPC 2.0 says, where the SDK's stays silent or closes: a line over
 * `MAX_MESSAGE_BYTES` is dropped as it streams in and refused; a line that is not UTF-8 or not JSON
 * is `-32700` (`id` null); JSON that is no request, notification or response is `-32600` (its `id`
 * when valid); params MCP refuses, and what `screen` refuses, are answered before the SDK sees them;
 * a notification is never answered; a batch is answered as one array when the negotiated version
 * has batches (2025-03-26), else refused. Each refusal is one line on stderr; the next line is read
 * as usual. Every error sent is one line, without the SDK's `MCP error <code>: ` prefix.
 */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private closed = false;
  /** The protocol version `initialize` settled on, once answered. */
  private version: string | undefined;
  private readonly initializing = new Set<RequestId>();
  private readonly batches = new Set<Batch>();
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
    /** What the server refuses of a well-formed request or notification before handling it. */
    private readonly screen: Screen = () => undefined,
  ) {}

  private readonly onData = (chunk: Buffer): void => this.lines.push(chunk);
  private readonly onError = (error: Error): void => this.onerror?.(error);

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const tidied = tidy(message);
    this.noteVersion(tidied);
    if ('id' in tidied && tidied.id !== undefined && !('method' in tidied))
      for (const batch of this.batches)
        if (batch.awaits(tidied.id)) {
          batch.add(tidied);
          if (batch.settle()) this.batches.delete(batch);
          return Promise.resolve();
        }
    return this.write(tidied);
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
    if (Array.isArray(value)) return this.readBatch(value, line);
    const { message, refusal } = this.take(value, line, false);
    if (refusal) void this.send(errorOf(refusal));
    if (message) this.dispatch(message, line);
  }

  /** JSON-RPC 2.0's batch, where the negotiated version has batches. */
  private readBatch(values: unknown[], line: number): void {
    if (this.version !== BATCH_VERSION)
      return this.refuse(line, {
        code: ErrorCode.InvalidRequest,
        message: `Invalid Request: a batch (a JSON array); MCP ${this.version ?? 'before initialize'} has no batches, only ${BATCH_VERSION} had them`,
        id: null,
      });
    if (values.length === 0)
      return this.refuse(line, {
        code: ErrorCode.InvalidRequest,
        message: 'Invalid Request: an empty batch',
        id: null,
      });
    const taken = values.map((value) => this.take(value, line, true));
    const waiting = new Set(taken.flatMap(({ message }) => (message && isJSONRPCRequest(message) ? [message.id] : [])));
    const batch = new Batch(waiting, (answers) => void this.write(answers));
    for (const { refusal } of taken) if (refusal) batch.add(errorOf(refusal));
    if (!batch.settle()) this.batches.add(batch);
    for (const { message } of taken) if (message) this.dispatch(message, line);
  }

  /** One message, alone or in a batch: what to hand to the server, what to answer, or (a notification refused) neither. */
  private take(value: unknown, line: number, inBatch: boolean): Taken {
    const classified = classify(value);
    let refusal = classified.ok ? undefined : classified.refusal;
    const message = classified.ok ? classified.message : undefined;
    if (message && 'method' in message) {
      if (inBatch && message.method === 'initialize')
        refusal = {
          code: ErrorCode.InvalidRequest,
          message: 'Invalid Request: initialize cannot be part of a batch',
          id: isJSONRPCRequest(message) ? message.id : null,
        };
      refusal ??= this.screen(message);
      if (!refusal && message.method === 'initialize' && isJSONRPCRequest(message)) this.initializing.add(message.id);
    }
    if (refusal?.quiet) {
      this.log(`specsite mcp: line ${line}: notification ignored: ${refusal.message}\n`);
      return {};
    }
    if (refusal) {
      this.log(`specsite mcp: line ${line} refused: ${refusal.message}\n`);
      return { refusal };
    }
    return { message };
  }

  private dispatch(message: JSONRPCMessage, line: number): void {
    try {
      this.onmessage?.(message);
    } catch (error) {
      this.refuse(line, {
        code: ErrorCode.InternalError,
        message: `Internal error: ${oneLine(String((error as Error).message))}`,
        id: isJSONRPCRequest(message) ? message.id : null,
      });
    }
  }

  private refuse(line: number, refusal: Refusal): void {
    this.log(`specsite mcp: line ${line} refused: ${refusal.message}\n`);
    void this.send(errorOf(refusal));
  }

  /** The version the answer to `initialize` settled on: whether a batch may come. */
  private noteVersion(message: JSONRPCMessage): void {
    if ('method' in message || !('id' in message) || message.id === undefined) return;
    if (!this.initializing.delete(message.id)) return;
    const version = 'result' in message ? (message.result as { protocolVersion?: unknown }).protocolVersion : undefined;
    if (typeof version === 'string') this.version = version;
  }

  private write(message: object): Promise<void> {
    return new Promise((done) => {
      if (this.closed || this.stdout.writableEnded) return done();
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) done();
      else this.stdout.once('drain', done);
    });
  }
}

function errorOf({ code, message, id }: Refusal): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code, message } } as JSONRPCMessage;
}
