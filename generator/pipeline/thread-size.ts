import { stat } from 'node:fs/promises';
import type { LoadedApi } from '../contracts/index.js';

/**
 * Contracts smaller than this are checked and typed on the build's own thread. Measured on this
 * project's 2-core machine, cold builds, same output: the real site's 0.27 MB of contracts built no
 * faster on two threads (9.0–10.3 s against 9.3–11.1 s) and peaked 110 MB higher (420 MB, over its
 * 400 MB budget); Kubernetes' 4.1 MB went from 15.9–16.5 s to 12.9–14.6 s, GitHub's 13 MB from
 * 22.7 s to 18 s. The threads slow each other down (shared caches, the JIT and GC helpers on two
 * cores), so only large contracts gain.
 */
const SECOND_THREAD_FROM_BYTES = 1_000_000;

/** Whether the contracts are large enough for a second thread to pay. */
export async function worthASecondThread(apis: readonly LoadedApi[]): Promise<boolean> {
  return (await contractBytes(apis)) >= SECOND_THREAD_FROM_BYTES;
}

/** The size on disk of every file of every contract version. */
async function contractBytes(apis: readonly LoadedApi[]): Promise<number> {
  const files = new Set(apis.flatMap((loaded) => loaded.versions.flatMap((v) => [...v.contract.sources.files.keys()])));
  const sizes = await Promise.all(
    [...files].map((file) =>
      stat(file).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}
