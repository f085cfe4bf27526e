/** How long stopping an index waits for what Pagefind was given before stopping it. */
export const SETTLE_MS = 2000;

/**
 * Waits until `pending` has settled, or `SETTLE_MS` at most. Pagefind's service is stopped by closing
 * its output first: a page it is still indexing would then answer into a closed pipe, and the
 * program print its panic on the terminal. What it was given is let finish first (a few hundred
 * milliseconds at most), unless it takes longer than that.
 */
export async function settle(pending: ReadonlyArray<Promise<unknown>>): Promise<void> {
  let waited: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(pending),
    new Promise((done) => (waited = setTimeout(done, SETTLE_MS))),
  ]).finally(() => clearTimeout(waited));
}
