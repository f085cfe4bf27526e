import { Worker } from 'node:worker_threads';
import { CLAIMED_BY_CALLER, CLAIMED_BY_WORKER, UNCLAIMED, claim, claimFlag, claimedBy } from './claim.js';
import type { TaskRequest, WorkerEnvelope, WorkerMessage, WorkerShare, WorkerWarm } from './protocol.js';

/**
 * Tasks handed to the thread and not yet answered, at most: the next are handed over as answers come
 * back. The 10,000 pages of a large site handed over at once were each held twice until the thread
 * reached them (here, and copied into its queue); this many keep it busy for a few hundred
 * milliseconds, longer than this thread goes without reading its answers.
 */
export const IN_FLIGHT = 128;

interface Task {
  request: TaskRequest;
  inline(): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** Who does it: one Int32 that this thread and the worker each try to claim first. */
  claim: Int32Array;
  done: Promise<unknown>;
}

/**
 * The build's heavy work (contracts' checks and types, pages to compile or render) on a second thread, while
 * this one goes on with other work or takes its share of the same. The thread starts with the first
 * task, so a build that finds everything in its cache never starts one.
 *
 * Tasks are handed over `IN_FLIGHT` ahead of the thread's answers, in the order asked (one the build
 * waits on, `urgent`, at once). When this thread has nothing left but to wait (`drain`), it does the
 * tasks the worker has not started, from the back of the queue; a flag in shared memory says who
 * took each one.
 */
export class Background {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Task>();
  /** Tasks asked for before `start` chose where they run. */
  private readonly held: Array<[number, Task]> = [];
  /**
   * Tasks for the thread beyond `IN_FLIGHT`, handed over as answers come back. By id: one done here
   * meanwhile (`drain`) would otherwise keep its result (a rendered page) until the thread got this far.
   */
  private readonly queued: number[] = [];
  private inFlight = 0;
  private nextId = 0;
  private failed = false;
  private closing = false;
  /** Whether the thread has answered a task: started is not enough, it may die before doing any. */
  private answered = false;
  /** The end of the work this thread does one task after another: every task in `inline` mode, work that came back otherwise. */
  private here: Promise<unknown> = Promise.resolve();
  /** The thread ending, once `close` has stopped it. */
  private stopping: Promise<unknown> = Promise.resolve();

  private constructor(private mode: 'inline' | 'threaded' | 'deferred') {}

  /** Every task runs in this thread, one at a time (commands that have nothing else to do meanwhile). */
  static inline(): Background {
    return new Background('inline');
  }

  static threaded(): Background {
    return new Background('threaded');
  }

  /** Tasks wait until `start` says whether a second thread is worth starting for them. */
  static deferred(): Background {
    return new Background('deferred');
  }

  start(threaded: boolean): void {
    if (this.mode !== 'deferred') return;
    this.mode = threaded ? 'threaded' : 'inline';
    for (const [id, task] of this.held.splice(0)) {
      if (threaded) this.post(id, task);
      else if (claim(task.claim, CLAIMED_BY_CALLER)) this.inOrder(() => runHere(task));
    }
  }

  /** Whether a second thread did some of the work (answered a task). */
  get usedSecondThread(): boolean {
    return this.answered;
  }

  /**
   * `inline` does the same work in this thread, from what this thread has already read; the thread's
   * answer to `request` (see the stage's thread-tasks.ts for its kind) is taken to be what it gives.
   */
  run<T, Q extends TaskRequest = TaskRequest>(request: Q, inline: () => Promise<T>): Promise<T> {
    if (this.mode === 'inline' || this.failed) return this.inOrder(inline);
    let settle: Pick<Task, 'resolve' | 'reject'> = { resolve: () => undefined, reject: () => undefined };
    const done = new Promise<unknown>((resolve, reject) => (settle = { resolve, reject }));
    const task: Task = { request, inline, ...settle, claim: claimFlag(), done: later(done) };
    const id = this.nextId++;
    this.pending.set(id, task);
    void done.then(
      () => this.settled(id),
      () => this.settled(id),
    );
    if (this.mode === 'threaded') this.post(id, task);
    else this.held.push([id, task]);
    return task.done as Promise<T>;
  }

  /** Hands the thread data that the requests after this refer to (the thread is started for it). */
  share(key: string, value: unknown): void {
    if (this.mode !== 'threaded' || this.failed) return;
    const worker = (this.worker ??= this.spawn());
    worker.postMessage({ share: { key, value } } satisfies WorkerShare);
  }

  /**
   * Starts the thread now and has it load what tasks of these kinds need, while this one does other
   * work: the first of them is then not kept waiting for the thread's start.
   */
  warm(kinds: string[]): void {
    if (this.mode !== 'threaded' || this.failed || this.worker) return;
    const worker = (this.worker = this.spawn());
    worker.postMessage({ warm: kinds } satisfies WorkerWarm);
    // Warming alone must not keep the process alive.
    worker.unref();
  }

  /**
   * Does here what the worker has not started, then waits for what it has (of the tasks `only`
   * picks). `concurrency` at once here: work that waits on the thread itself (a page whose code
   * blocks it colours) would otherwise leave this one idle meanwhile.
   */
  async drain(only: (request: TaskRequest) => boolean = () => true, concurrency = 1): Promise<void> {
    // By id: a list of the tasks themselves would hold every finished task's result (a rendered
    // page, say) until the last one is done.
    const ids = [...this.pending.keys()].reverse();
    const next = async (): Promise<void> => {
      for (let id = ids.shift(); id !== undefined; id = ids.shift()) {
        const task = this.pending.get(id);
        if (!task || !only(task.request) || !claim(task.claim, CLAIMED_BY_CALLER)) continue;
        await runHere(task);
        // Lets the thread's answers in, and with them its next tasks: work done here without a turn
        // of the event loop (a page's twin) would otherwise leave it idle once it had done those it held.
        if (this.queued.length > 0) await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, next));
    await Promise.allSettled([...this.pending.values()].filter((task) => only(task.request)).map((task) => task.done));
  }

  /** Stops the thread; work not done by then is dropped (the build that asked for it has stopped). */
  async close(): Promise<void> {
    this.closing = true;
    for (const task of this.pending.values()) {
      claim(task.claim, CLAIMED_BY_CALLER);
      task.reject(new Error('the build stopped before this work was done'));
    }
    this.pending.clear();
    this.queued.length = 0;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      // An idle thread is unreferenced; referenced again, the process waits for it to end.
      worker.ref();
      this.stopping = Promise.all([this.stopping, worker.terminate()]);
    }
    // A second call (the build's last word, after an early one) waits for the thread the first stopped.
    await this.stopping;
  }

  /** One at a time, as asked: several contracts' work at once would only add up their memory. */
  private inOrder<T>(work: () => Promise<T>): Promise<T> {
    const result = this.here.then(work);
    this.here = result.catch(() => undefined);
    return later(result);
  }

  private post(id: number, task: Task): void {
    const worker = (this.worker ??= this.spawn());
    worker.ref();
    if (this.inFlight >= IN_FLIGHT && task.request.urgent !== true) {
      this.queued.push(id);
      return;
    }
    this.inFlight++;
    worker.postMessage({ id, request: task.request, claim: task.claim } satisfies WorkerEnvelope);
  }

  /** An answer came back (or word that this thread had claimed the task): the next queued task goes. */
  private answerCame(): void {
    this.inFlight--;
    while (this.inFlight < IN_FLIGHT && this.queued.length > 0) {
      const id = this.queued.shift() as number;
      const task = this.pending.get(id);
      // Claimed here meanwhile (`drain`, or the thread lost): nothing to hand over.
      if (task && claimedBy(task.claim) === UNCLAIMED) this.post(id, task);
    }
  }

  private settled(id: number): void {
    this.pending.delete(id);
    // Idle, the thread must not keep the process alive.
    if (this.pending.size === 0) this.worker?.unref();
  }

  private spawn(): Worker {
    // Beside this module in both layouts: dist/generator/workers/ and the bundled CLI's dist/bundle/cli/.
    // With Node's own young generation: twice as large (32 MB semi-spaces) took a 10,000-page build
    // from 9 to 20 s of system time, more than the scavenges it saved.
    const worker = new Worker(threadEntry());
    worker.on('message', ({ id, reply }: WorkerMessage) => {
      this.answerCame();
      const task = this.pending.get(id);
      // Undefined: this thread claimed the task first and is doing it.
      if (!task || reply === undefined) return;
      if (reply.ok) {
        this.answered = true;
        task.resolve(reply.value);
      }
      // A file changed under the worker, or a page needs what only this thread has: done here, one
      // after another (there may be many pages).
      else if (reply.stale) void this.inOrder(() => runHere(task));
      else task.reject(new Error(reply.message));
    });
    // A thread that cannot start or dies (out of memory, say) leaves its work to this one.
    const lost = (): void => {
      if (this.closing || this.failed) return;
      this.failed = true;
      this.queued.length = 0;
      for (const task of this.pending.values()) {
        // Not the ones this thread is doing already; one after another, as the thread would have.
        if (claim(task.claim, CLAIMED_BY_CALLER) || claimedBy(task.claim) === CLAIMED_BY_WORKER)
          void this.inOrder(() => runHere(task));
      }
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    return worker;
  }
}

/**
 * The thread's module: beside this one (dist/generator/workers/ and the ES bundle's dist/bundle/cli/),
 * or, when the CLI runs from its CommonJS bundle with Node 20's code cache (bin/code-cache.js), the
 * thread's own bundle loaded the same way.
 */
function threadEntry(): URL {
  if (import.meta.url.endsWith('.cjs')) return new URL('../../../bin/code-cache-thread.js', import.meta.url);
  return new URL('./thread.js', import.meta.url);
}

/**
 * A promise the caller awaits later, going on meanwhile: its failure is not "unhandled" before then
 * (Node would otherwise stop the process), and still reaches whoever awaits it.
 */
export function later<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

async function runHere(task: Task): Promise<void> {
  try {
    task.resolve(await task.inline());
  } catch (error) {
    task.reject(error);
  }
}
