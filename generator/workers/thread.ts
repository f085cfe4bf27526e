import { parentPort } from 'node:worker_threads';
import { CLAIMED_BY_WORKER, claim } from './claim.js';
import type { TaskReply, WorkerEnvelope, WorkerMessage, WorkerShare } from './protocol.js';
import { expectRequest, receiveShare, settleRequest } from './thread-state.js';
import { handleRequest } from '../thread-tasks.js';

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
    const reply = await handleRequest(request).catch((error: unknown): TaskReply => ({
      ok: false,
      stale: false,
      message: (error as Error).message ?? String(error),
    }));
    settleRequest(request);
    port.postMessage({ id, reply } satisfies WorkerMessage);
  });
});
