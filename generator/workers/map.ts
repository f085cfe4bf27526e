import pMap from 'p-map';
import { Background, later } from './background.js';
import type { TaskRequest } from './protocol.js';

/** One piece of work, as the second thread is asked for it and as this thread does it. */
export interface MapTask<I, T> {
  /** What the second thread is asked (a `kind` of some thread-tasks.ts); undefined when only this thread can do it. */
  request(item: I): TaskRequest | undefined;
  here(item: I): Promise<T>;
}

export interface MapOptions<I, T, R> {
  /** Results kept between builds: `get` finds an item's (undefined: do it), `set` keeps what was done and says what the item gave. */
  cache?: {
    get(item: I): Promise<R | undefined>;
    /** `shared`: the item was handed to the second thread (whichever thread did it in the end). */
    set(item: I, value: T, shared: boolean): Promise<R>;
  };
  /** From this many items the thread could take (not in the cache), a second thread is started for this map; below, all are done here. */
  threshold?: number;
  /** Instead of a thread for this map: the build's, which decides itself whether to start and is drained by its owner. */
  executor?: Background;
  /**
   * From `threshold` items on, instead of a thread of the map's own: one the build has for other work
   * (the colour thread), which does that work first (`spare`) and is not closed here.
   */
  thread?: Background;
  /** Data the thread's tasks read, handed over once before them. */
  share?: { key: string; value: () => unknown };
  /** A failed item gives this instead of failing the map. */
  failed?(item: I, error: unknown): R | Promise<R>;
  /** Items looked up and done here at once. */
  concurrency?: number;
  /**
   * Told once every item not in the cache is handed to the thread or known to be done here: a
   * caller with other work for this thread (the reference, while the pages compile) goes on with it then.
   */
  onHanded?: () => void;
  /** This thread's other work meanwhile: only once it is done does this thread take items back from the thread. */
  drainAfter?: Promise<unknown>;
}

export interface MapResult<R> {
  results: R[];
  /** Whether a second thread did some of the work. */
  secondThread: boolean;
}

/**
 * Every item's result, in order: from the cache, else done here or on a second thread. With many
 * items to do, the thread takes them from the front while this one does those only it can, then
 * the thread's that it has not started, from the back (`Background.drain`).
 */
export async function map<I, T, R = T>(
  items: readonly I[],
  task: MapTask<I, T>,
  options: MapOptions<I, T, R> = {},
): Promise<MapResult<R>> {
  const concurrency = options.concurrency ?? 1;
  const results: Array<R | undefined> = new Array(items.length);
  const settle = async (index: number, done: Promise<T>, shared: boolean): Promise<void> => {
    const item = items[index] as I;
    let value: T;
    try {
      value = await done;
    } catch (error) {
      // The work failed, not the keeping of it (a write to the output folder, say): that is the map's failure.
      if (!options.failed) throw error;
      results[index] = await options.failed(item, error);
      return;
    }
    results[index] = options.cache ? await options.cache.set(item, value, shared) : (value as unknown as R);
  };
  const misses: number[] = [];
  await pMap(
    items,
    async (item, index) => {
      const cached = options.cache && (await options.cache.get(item));
      if (cached === undefined) misses.push(index);
      else results[index] = cached;
    },
    { concurrency },
  );
  misses.sort((a, b) => a - b);
  const here = (index: number) => settle(index, task.here(items[index] as I), false);

  if (options.executor) {
    const executor = options.executor;
    await Promise.all(misses.map((index) => settle(index, runOn(executor, items[index] as I, task), true)));
    return { results: results as R[], secondThread: false };
  }
  const shareable = misses.filter((index) => task.request(items[index] as I));
  if (shareable.length < (options.threshold ?? Infinity)) {
    options.onHanded?.();
    await pMap(misses, here, { concurrency });
    return { results: results as R[], secondThread: false };
  }
  const background = options.thread ?? Background.threaded();
  // The requests handed over: those this thread takes back from the back (`drain`), of all the thread has.
  const handed = new Set<TaskRequest>();
  const handOver = (index: number): Promise<T> => {
    const item = items[index] as I;
    const request = { ...(task.request(item) as TaskRequest), spare: options.thread !== undefined };
    handed.add(request);
    return background.run(request, async () => {
      // Lets the other thread's finished work be kept meanwhile, rather than pile up.
      await new Promise((resolve) => setImmediate(resolve));
      return task.here(item);
    });
  };
  try {
    if (options.share) background.share(options.share.key, options.share.value());
    // Awaited once this thread is done with its own share; a failure meanwhile must not go unhandled.
    const shared = shareable.map((index) => later(settle(index, handOver(index), true)));
    options.onHanded?.();
    const mine = new Set(shareable);
    await pMap(
      misses.filter((index) => !mine.has(index)),
      here,
      { concurrency },
    );
    await options.drainAfter;
    // The build's thread has other work to do first: this one takes as many at once as it does its own.
    await background.drain((request) => handed.has(request), options.thread ? concurrency : 1);
    await Promise.all(shared);
  } finally {
    if (!options.thread) await background.close();
  }
  return { results: results as R[], secondThread: background.usedSecondThread };
}

function runOn<I, T>(background: Background, item: I, task: MapTask<I, T>): Promise<T> {
  const request = task.request(item);
  if (!request) return task.here(item);
  return background.run(request, () => task.here(item));
}
