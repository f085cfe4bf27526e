import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { outsideProjectMessage, resolveInProject, type Project } from '../sources/project-path.js';
import { safeDecode } from '../sources/safe-decode.js';

/**
 * What the libraries that follow `$ref`s (swagger-parser, the type generator's bundler) are given to
 * read with, instead of their own file and HTTP readers: a file inside the project, symlinks
 * followed, and nothing else. Nothing remote is fetched, whatever scheme it has.
 */

/** Why a `$ref` target is not read. A library reports it as the reason its document could not be resolved. */
export class RefRefused extends Error {}

/**
 * The file swagger-parser's absolute reference names (a path percent-encoded as a URL path, or a
 * `file:` URL); undefined for anything remote.
 */
export function refParserPath(reference: string): string | undefined {
  if (/^file:/i.test(reference)) {
    try {
      return fileURLToPath(reference);
    } catch {
      return undefined;
    }
  }
  // A scheme of two letters or more (a single one is a Windows drive).
  if (/^[a-z][a-z0-9+.-]+:/i.test(reference)) return undefined;
  return safeDecode(reference, decodeURIComponent);
}

/**
 * The text of the file at `path` (undefined: a remote `reference`), read only when it lies inside
 * `project`, symlinks followed; else a `RefRefused`.
 */
export async function readProjectRef(project: Project, reference: string, path: string | undefined): Promise<Buffer> {
  if (path === undefined) throw new RefRefused(`remote reference "${reference}" is not fetched`);
  const inside = await resolveInProject(project, path);
  if (!inside.ok)
    throw new RefRefused(
      inside.reason === 'outside'
        ? outsideProjectMessage('$ref', reference, inside.why)
        : `"${reference}" does not exist`,
    );
  return readFile(inside.real);
}

/**
 * The `resolve` options for swagger-parser (json-schema-ref-parser): its file and HTTP readers
 * replaced by one that reads inside `project` only and refuses every URL.
 */
export function refParserResolve(project: Project): Record<string, unknown> {
  return {
    external: true,
    http: false,
    file: {
      order: 1,
      // Every reference comes here, so that none reaches a reader of the library's own.
      canRead: () => true,
      read: (file: { url: string }) => readProjectRef(project, file.url, refParserPath(file.url)),
    },
  };
}

/** A `fetch` for libraries that take one: it fetches nothing. */
export function refuseFetch(url: unknown): Promise<never> {
  return Promise.reject(new RefRefused(`remote reference "${String(url)}" is not fetched`));
}
