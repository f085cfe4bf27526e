import type { TaskReply, TaskRequest, ThreadTaskModule } from './workers/protocol.js';
import { threadContext } from './workers/thread-state.js';

/**
 * The second thread's tasks, kind → the stage's module that does it (loaded when the thread first
 * gets that kind, so it loads only what it runs). A stage adds a kind here and in its own
 * thread-tasks.ts; workers/ knows none of them.
 */
const TASKS = new Map<string, () => Promise<ThreadTaskModule>>([
  ['checks', () => import('./contracts/thread-tasks.js')],
  ['types', () => import('./types/thread-tasks.js')],
  ['page', () => import('./content/thread-tasks.js')],
  ['code', () => import('./content/code-thread-tasks.js')],
  ['render', () => import('./render/thread-tasks.js')],
  ['markdown', () => import('./markdown/thread-tasks.js')],
  ['colour', () => import('./render/api/samples/thread-tasks.js')],
]);

/** Runs one request in this thread. */
export async function handleRequest<Q extends TaskRequest>(request: Q): Promise<TaskReply> {
  const load = TASKS.get(request.kind);
  if (!load) return { ok: false, stale: false, message: `no thread task of kind "${request.kind}"` };
  return (await load()).run(request, threadContext);
}

/** Loads what the tasks of these kinds need, before the first comes; a failure here is left to the task itself. */
export async function warmKinds(kinds: readonly string[]): Promise<void> {
  for (const kind of kinds) await TASKS.get(kind)?.().then((module) => module.warm?.());
}
