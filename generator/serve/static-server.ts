import { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { currentHeadScript } from '../client/build.js';
import { headScriptSources, PAGE_HEAD_CHARS } from './inline-scripts.js';
import { prefersMarkdown, twinFile, VARY_ACCEPT } from './negotiation.js';
import { siteFileCandidates } from './request-path.js';
import { answerFailure, answerPlain, keepListening, onlyGetAndHead } from './responses.js';
import { FILE_POLICY, NOSNIFF, pagePolicy } from './security-headers.js';

export { siteFileCandidates } from './request-path.js';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
  '.d.ts': 'text/plain; charset=utf-8',
};

/** The content type of a site file, by its name. */
export function contentType(name: string): string {
  return CONTENT_TYPES[name.endsWith('.d.ts') ? '.d.ts' : extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The security headers of a response: `nosniff`, and a page's policy (which allows the page's own
 * head script, when it is `headScript`) or, for any other file, the policy of a file opened on its own.
 */
export function securityHeaders(type: string, html?: string, headScript?: string): Record<string, string> {
  return {
    ...NOSNIFF,
    'content-security-policy': type.startsWith('text/html')
      ? pagePolicy(headScript === undefined ? [] : headScriptSources(html ?? '', headScript))
      : FILE_POLICY,
  };
}

/**
 * The head script this installation writes, found once: a served site does not change its code.
 * Finding it reads templates/; a failure (out of descriptors, say) is not kept, the next page tries again.
 */
let installedHeadScript: Promise<string> | undefined;
function headScriptOnce(): Promise<string> {
  installedHeadScript ??= currentHeadScript().catch((error: unknown) => {
    installedHeadScript = undefined;
    throw error;
  });
  return installedHeadScript;
}

export interface StaticServerOptions {
  /** Folder of the built site. */
  root: string;
  /** Path the site is served under, with leading and trailing slash. */
  baseUrl: string;
}

/** Enough bytes for the characters `headScriptSources` looks at (a character is at least one byte). */
const HEAD_BYTES = PAGE_HEAD_CHARS;
/** Ways for a name not to be a file: not there, not a folder on the way, a link where none may be. */
const NOT_A_FILE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP', 'ENAMETOOLONG']);
/** Opens the last component only if it is not a link (realpath resolved them all). Windows has no such flag. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/**
 * Serves a built site the way a static host does: `/a/b` and `/a/b/` both answer with
 * `a/b/index.html`, `/a/b/index.html` too; any other path gets `404.html` with status 404. A page
 * asked for with an `Accept` that prefers Markdown is answered with its twin (`a/b/index.md`).
 * Only files whose real path (links resolved) lies inside the site's folder are served; each is
 * opened once and described from its descriptor, so a file replaced or removed meanwhile (a
 * rebuild) is served whole as it was or not at all, and its descriptor is closed however the
 * response ends. A failure answers that request (404, or 503 when out of descriptors) and never
 * stops the server.
 */
export function createStaticServer(options: StaticServerOptions): Server {
  // Found now, while the server holds few descriptors, rather than under the first pages' load.
  headScriptOnce().catch(() => undefined);
  const server = createServer((request, response) => {
    handle(options, request, response).catch((error: unknown) => answerFailure(response, error));
  });
  keepListening(server);
  return server;
}

interface OpenFile {
  handle: FileHandle;
  /** Relative to the site's folder, with the platform's separators. */
  name: string;
  size: number;
}

async function handle(options: StaticServerOptions, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (!onlyGetAndHead(request, response)) return;
  const root = await realpath(options.root);
  for (const candidate of siteFileCandidates(request.url ?? '/', options.baseUrl) ?? []) {
    const file = await openInside(root, candidate);
    if (file) return negotiate(request, response, root, candidate, file);
  }
  const notFound = await openInside(root, '404.html');
  if (notFound) return send(request, response, 404, notFound);
  answerPlain(response, 404, 'Not found');
}

/**
 * A page with a Markdown twin beside it is answered with the twin when the request's `Accept`
 * prefers Markdown, and with the page otherwise; both say that the answer depends on `Accept`.
 * Any other file is sent as it is.
 */
async function negotiate(
  request: IncomingMessage,
  response: ServerResponse,
  root: string,
  name: string,
  file: OpenFile,
): Promise<void> {
  const twin = twinFile(name);
  let markdown: OpenFile | undefined;
  try {
    markdown = twin === undefined ? undefined : await openInside(root, twin);
  } catch (error) {
    await file.handle.close();
    throw error;
  }
  if (!markdown) return send(request, response, 200, file);
  const [chosen, other] = prefersMarkdown(request.headers.accept) ? [markdown, file] : [file, markdown];
  await other.handle.close();
  return send(request, response, 200, chosen, VARY_ACCEPT);
}

/** The regular file `name` inside `root` (a real path), opened; undefined when there is none there. */
async function openInside(root: string, name: string): Promise<OpenFile | undefined> {
  let real: string;
  let handle: FileHandle;
  try {
    real = await realpath(join(root, name));
    // A link that leads out of the site's folder is as good as no file.
    if (!real.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
    handle = await open(real, OPEN_FLAGS);
  } catch (error) {
    if (NOT_A_FILE.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
  try {
    const info = await handle.stat();
    if (info.isFile()) return { handle, name: real.slice(root.length + 1), size: info.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return undefined;
}

async function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  file: OpenFile,
  headers: Record<string, string> = {},
): Promise<void> {
  const { handle, size } = file;
  let streaming = false;
  try {
    const type = contentType(file.name);
    const html = type.startsWith('text/html');
    const head = html ? await readHead(handle, size) : undefined;
    const immutable = file.name.startsWith(`assets${sep}`);
    response.writeHead(status, {
      'content-type': type,
      'content-length': size,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...securityHeaders(type, head, html ? await headScriptOnce() : undefined),
      ...headers,
    });
    if (request.method === 'HEAD' || size === 0) {
      response.end();
      return;
    }
    // From here the stream owns the descriptor: pipeline destroys it, which closes it, when the
    // client goes away or anything fails.
    streaming = true;
    await pipeline(handle.createReadStream({ start: 0, end: size - 1 }), response);
  } finally {
    if (!streaming) await handle.close();
  }
}

async function readHead(handle: FileHandle, size: number): Promise<string> {
  const buffer = Buffer.alloc(Math.min(size, HEAD_BYTES));
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
  return buffer.toString('utf8', 0, bytesRead);
}
