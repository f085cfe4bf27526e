import { Background, later } from '../workers/background.js';
import type { BundleFile } from './pagefind-index/read.js';
import type { IndexStore } from './pagefind-index/store.js';
import { run, type MergeReply, type SearchRequest } from './thread-tasks.js';

/** Numbers the kept indexes of this process's builds, each held apart on the thread (or here). */
let kept = 0;

/**
 * The index kept from the last build (`IndexStore`): the keys of its pages at once, and the new
 * index written from it on the search thread (see thread-tasks.ts). If that thread cannot start or
 * stops, its work is done here instead.
 */
export class KeptIndex {
  readonly keys: ReadonlySet<string>;
  private readonly id = ++kept;
  private thread: Background | undefined;
  private holding: Promise<unknown> | undefined;

  constructor(
    private readonly store: IndexStore,
    private readonly language: string,
  ) {
    this.keys = new Set(store.items.map(([key]) => key));
  }

  /** Starts reading it, ahead of `merge` (a build that has a page to index again knows it will merge). */
  hold(): void {
    this.holding ??= later(
      this.ask({ kind: 'search', store: this.id, op: 'hold', stored: this.store, language: this.language }),
    );
  }

  /**
   * The index of `items` in order (key and URL): each page kept where its key is the same, the others
   * from `analysed` (Pagefind's index of them). None when the kept index cannot be read.
   */
  async merge(items: Array<[key: string, url: string]>, analysed: BundleFile[]): Promise<MergeReply> {
    this.hold();
    const files = await this.ask<MergeReply>({
      kind: 'search',
      store: this.id,
      op: 'merge',
      items,
      analysed,
      language: this.language,
    });
    // A thread's bytes arrive as plain Uint8Arrays: Buffers again, as the index's files are made here.
    return files?.map(({ path, content }) => ({
      path,
      content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
    }));
  }

  /** Stops the thread: a `merge` after this reads the kept index again. */
  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    this.holding = undefined;
    await thread?.close();
  }

  private ask<T>(request: SearchRequest): Promise<T> {
    // Not lowered: the build waits for the merged index, its own thread done with the edited page.
    this.thread ??= Background.threaded({ lowered: false });
    return this.thread.run(request, async () => {
      const reply = await run(request);
      if (!reply.ok) throw new Error(reply.message);
      return reply.value as T;
    });
  }
}
