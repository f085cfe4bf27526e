import { parentPort, workerData } from 'node:worker_threads';
import type { BuildOptions } from '../pipeline.js';
import { failedBuild } from './failed-build.js';
import { DevSession, type DevBuild } from './session.js';

/**
 * The builder of `specsite dev`, in a worker thread: the server keeps its port and its browsers'
 * connections while a change to the generator's own templates replaces this thread (and so the
 * compiled modules it loaded) with a fresh one.
 */
export type BuilderRequest = { changed: string[] };
export type BuilderReply = DevBuild;

const session = new DevSession(workerData as BuildOptions);
const port = parentPort;
let warmed = false;

port?.on('message', (request: BuilderRequest) => {
  void session
    .rebuild(request.changed)
    .catch((error: unknown): DevBuild => failedBuild(`internal error: ${(error as Error).message}`))
    .then((reply) => {
      port.postMessage(reply);
      // The first edit should not pay for loading the MDX compiler and the highlighter.
      if (!warmed) {
        warmed = true;
        void import('../content/mdx.js');
      }
    });
});
