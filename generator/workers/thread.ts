import { parentPort } from 'node:worker_threads';
import { CLAIMED_BY_WORKER, claim } from './claim.js';
import type { TaskReply, WorkerEnvelope, WorkerMessage, WorkerShare, WorkerWarm } from './protocol.js';
import { expectRequest, receiveShare, settleRequest } from './thread-state.js';
import { handleRequest, warmKinds } from '../thread-tasks.js';
import { lowerThisThread } from './priority.js';

// The build's second thread: takes its requests one at a time, in the order they came, except that
// one the build waits on (`urgent`) goes before those that did not say so, and work the build may
// take back (`spare`, pages it compiles too) after them.
lowerThisThread();
const port = parentPort;
// Apart, those the build waits on: looking for them among the others, on every request, took
// seconds of a 10,000-page build (each page's render waited behind thousands).
const waiting: WorkerEnvelope[] = [];
const urgent: WorkerEnvelope[] = [];
const spare: WorkerEnvelope[] = [];
let working = false;
port?.on('message', (message: WorkerEnvelope | WorkerShare | WorkerWarm) => {
  // At once, not queued: it comes before the requests that use it, on the same channel.
  if ('share' in message) return receiveShare(message.share.key, message.share.value);
  // Meanwhile: a request that comes before it is done waits only for what it needs itself.
  if ('warm' in message) return void warmKinds(message.warm).catch(() => undefined);
  expectRequest(message.request);
  (message.request.urgent === true ? urgent : message.request.spare === true ? spare : waiting).push(message);
  if (!working) void work();
});

async function work(): Promise<void> {
  working = true;
  for (let next = take(); next; next = take()) {
    await answer(next);
    // Back to the event loop between requests: one that came meanwhile is then here to be chosen.
    await new Promise((resolve) => setImmediate(resolve));
  }
  working = false;
}

function take(): WorkerEnvelope | undefined {
  return urgent.shift() ?? waiting.shift() ?? spare.shift();
}

async function answer({ id, request, claim: flag }: WorkerEnvelope): Promise<void> {
  if (!claim(flag, CLAIMED_BY_WORKER)) {
    settleRequest(request);
    return port?.postMessage({ id, reply: undefined } satisfies WorkerMessage);
  }
  const reply = await handleRequest(request).catch((error: unknown): TaskReply => ({
    ok: false,
    stale: false,
    message: (error as Error).message ?? String(error),
  }));
  settleRequest(request);
  port?.postMessage({ id, reply } satisfies WorkerMessage);
}
