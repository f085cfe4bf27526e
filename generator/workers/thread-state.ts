import type { TaskRequest, ThreadContext } from './protocol.js';

/** Data the build handed over once, for the requests that follow. */
const shared = new Map<string, unknown>();

export function receiveShare(key: string, value: unknown): void {
  shared.set(key, value);
}

/**
 * Files this thread has read, kept while more requests for them are on their way: a large
 * contract's checks and then its types read and parse it once here, as the build's own thread does.
 * `waiting` counts the requests that arrived and are not done yet.
 */
const files = new Map<string, { waiting: number; reading?: Promise<unknown> }>();

/** Told of every request as it arrives, before the ones ahead of it are done. */
export function expectRequest(request: TaskRequest): void {
  if (request.path === undefined) return;
  const entry = files.get(request.path);
  if (entry) entry.waiting++;
  else files.set(request.path, { waiting: 1 });
}

/** Told when a request is done or was taken back: its file is let go once no other request needs it. */
export function settleRequest(request: TaskRequest): void {
  if (request.path === undefined) return;
  const entry = files.get(request.path);
  if (entry && --entry.waiting <= 0) files.delete(request.path);
}

export const threadContext: ThreadContext = {
  shared: (key) => shared.get(key),
  // A request handled without `expectRequest` (as tests may) reads the file and keeps nothing.
  held: <T>(path: string, read: () => Promise<T>): Promise<T> => {
    const entry = files.get(path);
    if (!entry) return read();
    return (entry.reading ??= read()) as Promise<T>;
  },
};
