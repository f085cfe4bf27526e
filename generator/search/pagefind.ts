import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:process';
import type { CustomRecord, HTMLFile, PagefindIndex } from 'pagefind';
import { HASH_LINK_CLASS } from '../content/plugins/rehype-headings.js';
import { namedPagefindBinary } from './binary-variables.js';

/**
 * Pagefind's Node API drives one service process (its binary, from the npm package's platform
 * dependency) for the whole Node process. Each build opens an index of its own in it; the process is
 * stopped when the last open index is closed, so that neither a build nor a test leaves it running.
 */
let open = 0;
let loading: Promise<typeof import('pagefind')> | undefined;

/** Thrown for anything Pagefind reports: the build turns it into one located line. */
export class PagefindError extends Error {}

/** Pagefind said no to one page (as opposed to failing as a whole). */
export class PageRejected extends PagefindError {}

export interface PagefindSession {
  addPage(file: HTMLFile): Promise<void>;
  addRecord(record: CustomRecord): Promise<void>;
  /** The index's files, by path inside the bundle folder. */
  files(): Promise<Array<{ path: string; content: Uint8Array }>>;
  /** Frees the index (and stops the process when no other index is open). Safe to call twice. */
  close(): Promise<void>;
}

/** A new, empty index of pages in `language` (an ISO 639-1 code, or `unknown`). */
export async function openPagefind(language: string): Promise<PagefindSession> {
  await checkBinary();
  const pagefind = await (loading ??= import('pagefind'));
  open++;
  let closed = false;
  const release = async (index: PagefindIndex | undefined): Promise<void> => {
    if (closed) return;
    closed = true;
    // The last index open stops the process at once (pages still queued for it are dropped);
    // another build's index keeps it, and this one is deleted behind what it was sent.
    if (--open === 0) await pagefind.close();
    else await index?.deleteIndex().catch(() => undefined);
  };
  let index: PagefindIndex | undefined;
  try {
    // A heading's "#" link to itself is no part of its title or text.
    const created = await pagefind.createIndex({ forceLanguage: language, excludeSelectors: [`.${HASH_LINK_CLASS}`] });
    index = created.index;
    if (!index) throw new PagefindError(created.errors.join('; ') || 'Pagefind made no index');
  } catch (error) {
    await release(undefined);
    throw asPagefindError(error);
  }
  const made = index;
  // Errors it answers with are about what was added; a rejection is the service failing.
  const checked = async (work: Promise<{ errors: string[] }>): Promise<void> => {
    const { errors } = await work.catch((error: unknown) => Promise.reject(asPagefindError(error)));
    if (errors.length > 0) throw new PageRejected(errors.join('; '));
  };
  return {
    addPage: (file) => checked(made.addHTMLFile(file)),
    addRecord: (record) => checked(made.addCustomRecord(record)),
    files: async () => {
      const result = await made.getFiles().catch((error: unknown) => Promise.reject(asPagefindError(error)));
      if (result.errors.length > 0) throw new PagefindError(result.errors.join('; '));
      return result.files;
    },
    close: () => release(made),
  };
}

/**
 * The binary Pagefind's Node API is about to start, as it finds it (an environment variable, or the
 * npm package's platform dependency), checked first: a missing one would otherwise only show as the
 * service's own stack traces.
 */
async function checkBinary(): Promise<void> {
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
}

/** Pagefind rejects with strings as well as errors; a message is all a user can act on. */
function asPagefindError(error: unknown): PagefindError {
  if (error instanceof PagefindError) return error;
  return new PagefindError(error instanceof Error ? error.message : String(error));
}
