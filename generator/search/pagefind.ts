import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:process';
import type { CustomRecord, HTMLFile } from 'pagefind';
import { HASH_LINK_CLASS } from '../content/plugins/rehype-headings.js';
import { namedPagefindBinary } from './binary-variables.js';
import { PagefindService, ServiceRefused } from './pagefind-service.js';

/**
 * One Pagefind service (its program, from the npm package's platform dependency) for the whole Node
 * process. Each build opens an index of its own in it; the service is stopped when the last open
 * index is closed, so that neither a build nor a test leaves it running.
 */
let service: PagefindService | undefined;
let open = 0;

/** Thrown for anything Pagefind reports: the build turns it into one located line. */
export class PagefindError extends Error {}

/** Pagefind said no to one page (as opposed to failing as a whole). */
export class PageRejected extends PagefindError {}

export interface PagefindSession {
  addPage(file: HTMLFile): Promise<void>;
  addRecord(record: CustomRecord): Promise<void>;
  /** The index's files, by path inside the bundle folder. */
  files(): Promise<Array<{ path: string; content: Uint8Array }>>;
  /** Frees the index (and stops the service when no other index is open). Safe to call twice. */
  close(): Promise<void>;
}

/** A new, empty index of pages in `language` (an ISO 639-1 code, or `unknown`). */
export async function openPagefind(language: string): Promise<PagefindSession> {
  const program = await pagefindProgram();
  if (!service || service.failed) service = new PagefindService(program);
  const own = service;
  open++;
  let closed = false;
  let index: unknown;
  const release = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    // The last index open stops the service at once (pages still queued for it are dropped);
    // another build's index keeps it, and this one is deleted behind what it was sent.
    if (--open === 0) {
      own.stop();
      if (service === own) service = undefined;
    } else if (index !== undefined) await own.request({ type: 'DeleteIndex', index_id: index }).catch(() => undefined);
  };
  try {
    // A heading's "#" link to itself is no part of its title or text.
    const created = await own.request({
      type: 'NewIndex',
      config: { force_language: language, exclude_selectors: [`.${HASH_LINK_CLASS}`] },
    });
    if (created.type !== 'NewIndex' || created.index_id === undefined)
      throw new PagefindError('Pagefind made no index');
    index = created.index_id;
  } catch (error) {
    await release();
    throw asPagefindError(error);
  }
  // A refusal is about what was added; any other failure is the service's.
  const added = async (payload: Record<string, unknown>): Promise<void> => {
    try {
      await own.request({ ...payload, index_id: index });
    } catch (error) {
      if (error instanceof ServiceRefused) throw new PageRejected(error.message);
      throw asPagefindError(error);
    }
  };
  return {
    addPage: (file) => added({ type: 'AddFile', url: file.url, file_contents: file.content }),
    addRecord: (record) =>
      added({
        type: 'AddRecord',
        url: record.url,
        content: record.content,
        language: record.language,
        meta: record.meta,
        filters: record.filters,
        sort: record.sort,
      }),
    files: async () => {
      const answer = await own.request({ type: 'GetFiles', index_id: index }).catch((error: unknown) => {
        throw asPagefindError(error);
      });
      const files = answer.files as Array<{ path: string; content: string }>;
      return files.map((file) => ({ path: file.path, content: Buffer.from(file.content, 'base64') }));
    },
    close: release,
  };
}

/**
 * Pagefind's program, found as its own npm package finds it (an environment variable, or the
 * package's platform dependency), and checked: a missing one would otherwise only show as a failed
 * start.
 */
async function pagefindProgram(): Promise<string> {
  const named = namedPagefindBinary();
  let path = named;
  if (!path) {
    const system = platform === 'win32' ? 'windows' : platform;
    const require = createRequire(import.meta.url);
    for (const name of ['pagefind_extended', 'pagefind']) {
      try {
        path = require.resolve(`@pagefind/${system}-${arch}/bin/${name}${system === 'windows' ? '.exe' : ''}`);
        break;
      } catch {
        // The next name.
      }
    }
  }
  const missing = `Pagefind's program for ${platform}-${arch} is not installed (npm installs it with specsite, as the package @pagefind/${platform === 'win32' ? 'windows' : platform}-${arch})`;
  if (!path) throw new PagefindError(missing);
  try {
    await access(path, constants.X_OK);
  } catch {
    throw new PagefindError(named ? `${path}, named by the environment as Pagefind's program, cannot be run` : missing);
  }
  return path;
}

/** Pagefind rejects with strings as well as errors; a message is all a user can act on. */
function asPagefindError(error: unknown): PagefindError {
  if (error instanceof PagefindError) return error;
  return new PagefindError(error instanceof Error ? error.message : String(error));
}
