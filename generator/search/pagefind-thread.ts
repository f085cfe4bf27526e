import type { Background } from '../workers/background.js';
import { asPagefindError, PagefindError, PageRejected } from './pagefind-errors.js';
import type { BundleFile } from './pagefind-index/read.js';
import { pagefindProgram, type PagefindSession } from './pagefind.js';
import { run, type FilesReply, type SearchRequest } from './thread-tasks.js';

/**
 * An index of Pagefind's opened on the search thread (`thread`): the same session as `openPagefind`'s,
 * each call a request to the thread. If the thread cannot start, its requests run here instead, as
 * they would have on it.
 */
export async function openPagefindOn(thread: Background, language: string): Promise<PagefindSession> {
  // Found here, where the environment that may name it is the build's.
  const program = await pagefindProgram();
  const ask = <T>(request: SearchRequest): Promise<T> =>
    thread
      .run(request, async () => {
        const reply = await run(request);
        if (!reply.ok) throw new PagefindError(reply.message);
        return reply.value;
      })
      .then(
        (value) => value as T,
        (error: unknown) => {
          throw asPagefindError(error);
        },
      );
  const index = await ask<number>({ kind: 'search', op: 'open', language, program });
  const files = async (rewritten: boolean): Promise<BundleFile[]> => {
    const reply = await ask<FilesReply>({ kind: 'search', op: 'files', index, rewritten });
    if ('files' in reply) return reply.files;
    const { message, rejected, url } = reply.failure;
    throw rejected ? new PageRejected(message, url) : new PagefindError(message);
  };
  let closed = false;
  return {
    addPage: (file) => ask({ kind: 'search', op: 'page', index, url: file.url, content: file.content }),
    addRecord: (record) => ask({ kind: 'search', op: 'record', index, record }),
    files: () => files(false),
    rewrittenFiles: () => files(true),
    close: async () => {
      if (closed) return;
      closed = true;
      await ask({ kind: 'search', op: 'close', index }).catch(() => undefined);
    },
  };
}
