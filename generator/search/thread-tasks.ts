import type { CustomRecord } from 'pagefind';
import type { TaskReply, TaskRequest } from '../workers/protocol.js';
import { PagefindError, PageRejected } from './pagefind-errors.js';
import type { BundleFile } from './pagefind-index/read.js';
import { openPagefind, type PagefindSession } from './pagefind.js';
import { settle } from './settle.js';

/** What the build asks of the search thread about an index of Pagefind's (`index`, as `open` numbered it). */
export type SearchRequest = TaskRequest & { kind: 'search' } & (
    | { op: 'open'; language: string; program: string }
    | { op: 'page'; index: number; url: string | undefined; content: string }
    | { op: 'record'; index: number; record: CustomRecord }
    | { op: 'files'; index: number; rewritten: boolean }
    | { op: 'close'; index: number }
  );

/** The first thing an index was sent that Pagefind refused (`rejected`, at `url`) or failed on. */
export interface SentFailure {
  message: string;
  rejected: boolean;
  url: string | undefined;
}

/** An index's files, or why there are none. */
export type FilesReply = { files: BundleFile[] } | { failure: SentFailure };

interface OpenIndex {
  session: PagefindSession;
  sending: Array<Promise<void>>;
  failure: SentFailure | undefined;
}

const indexes = new Map<number, OpenIndex>();
let opened = 0;

/**
 * Pagefind's side of the search index, on a thread of its own: the pages and records sent to its
 * service, and the index's files read back, are megabytes of text encoded and decoded, which the
 * build's own thread, its heap holding the whole site, paid for several times over in garbage
 * collection. Pages and records are answered as soon as they are on their way, so that the thread
 * (which does one request at a time) keeps Pagefind fed; what Pagefind says of them is told when
 * the index's files are asked for.
 */
export async function run(request: TaskRequest): Promise<TaskReply> {
  const asked = request as SearchRequest;
  if (asked.op === 'open') {
    const session = await openPagefind(asked.language, asked.program);
    indexes.set(++opened, { session, sending: [], failure: undefined });
    return { ok: true, value: opened };
  }
  const index = indexes.get(asked.index);
  if (asked.op === 'close') {
    indexes.delete(asked.index);
    if (index) await settle(index.sending).then(() => index.session.close());
    return { ok: true, value: undefined };
  }
  if (!index) throw new PagefindError('the index was closed');
  if (asked.op === 'files') {
    await Promise.all(index.sending);
    if (index.failure) return { ok: true, value: { failure: index.failure } satisfies FilesReply };
    const files = await (asked.rewritten ? index.session.rewrittenFiles() : index.session.files());
    return { ok: true, value: { files } satisfies FilesReply };
  }
  const url = asked.op === 'page' ? asked.url : asked.record.url;
  const sent =
    asked.op === 'page'
      ? index.session.addPage({ url, content: asked.content })
      : index.session.addRecord(asked.record);
  index.sending.push(
    sent.catch((error: unknown) => {
      index.failure ??= {
        message: error instanceof Error ? error.message : String(error),
        rejected: error instanceof PageRejected,
        url,
      };
    }),
  );
  return { ok: true, value: undefined };
}
