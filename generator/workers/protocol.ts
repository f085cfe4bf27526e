/**
 * What the build and its second thread say to each other, whatever the work: a task names its
 * `kind` (the thread-tasks module that does it) and carries what that module needs. A task that
 * reads a file names it as `path`: tasks naming the same path share one reading on the thread.
 */
export interface TaskRequest {
  kind: string;
  path?: string;
  /** The build waits on it now: the thread does it before the requests that came earlier without this. */
  urgent?: boolean;
  /** Work the asking thread may take back (`Background.drain`): the thread does every other request first. */
  spare?: boolean;
}

/** `stale`: the thread could not do it as the build would (a file changed, it needs what only the build has); the build does it itself. */
export type TaskReply = { ok: true; value: unknown } | { ok: false; stale: boolean; message: string };

export interface WorkerEnvelope {
  id: number;
  request: TaskRequest;
  /** Shared with the thread that asked: whoever claims it first does the work. */
  claim: Int32Array;
}

/** Data for the requests that follow, kept under its key. */
export interface WorkerShare {
  share: { key: string; value: unknown };
}

/** Kinds of task to come: the thread loads what they need (`ThreadTaskModule.warm`) while it waits for them. */
export interface WorkerWarm {
  warm: string[];
}

/** No reply: the asking thread claimed the task first. */
export interface WorkerMessage {
  id: number;
  reply: TaskReply | undefined;
}

/** What a thread task has besides its request. */
export interface ThreadContext {
  /** Data the build handed over (`Background.share`). */
  shared(key: string): unknown;
  /** `read()` once for every request naming `path` that has arrived and is not done yet. */
  held<T>(path: string, read: () => Promise<T>): Promise<T>;
}

/** A stage's module of thread tasks: one per kind, loaded by the thread only when it gets that kind. */
export interface ThreadTaskModule {
  run(request: TaskRequest, context: ThreadContext): Promise<TaskReply>;
  /** Loads what `run` needs before the first request comes (it never changes what `run` gives). */
  warm?(): Promise<void>;
}

/** A reply the build redoes itself. */
export function stale(message: string): TaskReply {
  return { ok: false, stale: true, message };
}
