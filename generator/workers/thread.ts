import { parentPort } from 'node:worker_threads';
import { CLAIMED_BY_WORKER, claim } from './claim.js';
import {
  expectRequest,
  handleRequest,
  receiveShare,
  settleRequest,
  type WorkerReply,
  type WorkerRequest,
} from './requests.js';

export interface WorkerEnvelope {
  id: number;
  request: WorkerRequest;
  /** Shared with the thread that asked: whoever claims it first does the work. */
  claim: Int32Array;
}

/** Data for the requests that follow, kept under its key. */
export interface WorkerShare {
  share: { key: string; value: unknown };
}

/** No reply: the asking thread claimed the task first. */
export interface WorkerMessage {
  id: number;
  reply: WorkerReply | undefined;
}

// The build's second thread: takes its requests one at a time, in the order they came.
const port = parentPort;
let queue: Promise<void> = Promise.resolve();
port?.on('message', (message: WorkerEnvelope | WorkerShare) => {
  // At once, not queued: it comes before the requests that use it, on the same channel.
  if ('share' in message) return receiveShare(message.share.key, message.share.value);
  const { id, request, claim: flag } = message;
  expectRequest(request);
  queue = queue.then(async () => {
    if (!claim(flag, CLAIMED_BY_WORKER)) {
      settleRequest(request);
      return port.postMessage({ id, reply: undefined } satisfies WorkerMessage);
    }
    const reply = await handleRequest(request).catch((error: unknown): WorkerReply => ({
      ok: false,
      stale: false,
      message: (error as Error).message ?? String(error),
    }));
    settleRequest(request);
    port.postMessage({ id, reply } satisfies WorkerMessage);
  });
});
