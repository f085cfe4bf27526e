import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/** How long a broken pipe waits for the program's exit, which tells more. */
const PIPE_GRACE_MS = 1000;

/** What Pagefind's service answers a request with: its `type`, and the fields of that type. */
export type ServiceAnswer = { type: string } & Record<string, unknown>;

/** Pagefind's service failed as a whole (as opposed to answering a request with an error). */
export class ServiceFailed extends Error {}

/** The service answered a request with an error about what it was sent. */
export class ServiceRefused extends Error {}

/**
 * Pagefind's program run as a service (`pagefind --service`), spoken to as its own npm package does:
 * each message one JSON object, base64-encoded and followed by a comma, answers carrying the id of
 * their request. The package's own client prints to the terminal when the program fails and
 * leaves the build with its bare error; this one turns every failure into an error the build
 * reports on one line, with the program's exit status when it ended.
 */
export class PagefindService {
  private readonly child: ChildProcessByStdio<Writable, Readable, null>;
  private readonly waiting = new Map<number, { answer: (payload: ServiceAnswer) => void; fail: (e: Error) => void }>();
  /** The message being received, in the chunks it came in so far. */
  private received: string[] = [];
  private lastId = 0;
  private failure: Error | undefined;

  constructor(program: string) {
    this.child = spawn(program, ['--service'], { stdio: ['pipe', 'pipe', 'inherit'], windowsHide: true });
    this.child.stdout.setEncoding('latin1');
    this.child.stdout.on('data', (chunk: string) => this.read(chunk));
    this.child.stdin.on('error', (error) => this.broken(error));
    this.child.on('error', (error) => this.fail(error));
    this.child.on('exit', (code, signal) => this.fail(new Error(`it stopped (${signal ?? `exit code ${code}`})`)));
    // Nothing keeps Node running for the service but a request it has not answered yet.
    this.hold(false);
  }

  /** Whether the service has stopped or failed: a new one is needed. */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  /** Sends `payload`, resolving with the service's answer (or rejecting with its error). */
  request(payload: Record<string, unknown>): Promise<ServiceAnswer> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.lastId;
    return new Promise((answer, fail) => {
      this.waiting.set(id, { answer, fail });
      this.hold(true);
      const message = Buffer.from(JSON.stringify({ message_id: id, payload })).toString('base64');
      this.child.stdin.write(`${message},`, (error) => {
        if (error) this.broken(error);
      });
    });
  }

  /** Stops the service: what it was still working on is answered with a failure. */
  stop(): void {
    this.fail(new Error('it was stopped'));
  }

  // Only the new chunk is searched for the separator: the index's files come as one message of about
  // a megabyte, in many chunks, and searching what came before again each time cost 30 ms.
  private read(chunk: string): void {
    let start = 0;
    for (let end = chunk.indexOf(','); end !== -1; end = chunk.indexOf(',', start)) {
      this.received.push(chunk.slice(start, end));
      const message = this.received.join('');
      this.received = [];
      this.answer(message);
      start = end + 1;
    }
    if (start < chunk.length) this.received.push(chunk.slice(start));
  }

  private answer(message: string): void {
    let parsed: { message_id?: unknown; payload?: ServiceAnswer & { message?: unknown; original_message?: unknown } };
    try {
      parsed = JSON.parse(Buffer.from(message, 'base64').toString('utf8')) as typeof parsed;
    } catch {
      this.fail(new Error('it answered with a message that is not JSON'));
      return;
    }
    const payload = parsed.payload;
    const id = typeof parsed.message_id === 'number' ? parsed.message_id : this.idOf(payload?.original_message);
    const waiting = id === undefined ? undefined : this.waiting.get(id);
    if (!waiting || !payload) {
      // An error it could not tie to a request (one it could not read at all) fails them all.
      if (payload?.type === 'Error') this.fail(new Error(String(payload.message)));
      return;
    }
    this.waiting.delete(id as number);
    if (this.waiting.size === 0) this.hold(false);
    if (payload.type === 'Error') waiting.fail(new ServiceRefused(String(payload.message)));
    else waiting.answer(payload);
  }

  /** The id of the request a parse error quotes, if it can be read. */
  private idOf(original: unknown): number | undefined {
    try {
      const id = (JSON.parse(String(original)) as { message_id?: unknown }).message_id;
      return typeof id === 'number' ? id : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * A pipe to the program broke. Most often because the program ended, whose exit then says why (it
   * comes a moment later); the pipe's own error is given if it does not.
   */
  private broken(error: Error): void {
    setTimeout(() => this.fail(error), PIPE_GRACE_MS).unref();
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = new ServiceFailed(`Pagefind's service failed: ${error.message}`);
    for (const { fail } of this.waiting.values()) fail(this.failure);
    this.waiting.clear();
    this.hold(false);
    this.child.stdout.destroy();
    this.child.stdin.destroy();
    this.child.kill();
  }

  /** Whether the service keeps Node running: only while a request waits for its answer. */
  private hold(wait: boolean): void {
    const streams = [this.child, this.child.stdout, this.child.stdin] as Array<{ ref?(): void; unref?(): void }>;
    for (const stream of streams) (wait ? stream.ref : stream.unref)?.call(stream);
  }
}
