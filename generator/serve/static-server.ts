import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
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

export interface StaticServerOptions {
  /** Folder of the built site. */
  root: string;
  /** Path the site is served under, with leading and trailing slash. */
  baseUrl: string;
}

/**
 * Serves a built site the way a static host does: `/a/b` and `/a/b/` both answer with
 * `a/b/index.html`, `/a/b/index.html` too; any other path gets `404.html` with status 404.
 */
export function createStaticServer(options: StaticServerOptions): Server {
  return createServer((request, response) => {
    handle(options, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Internal server error\n');
    });
  });
}

async function handle(options: StaticServerOptions, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
    return;
  }
  const file = await resolveFile(options, request.url ?? '/');
  if (file) return send(request, response, 200, file);
  const notFound = join(options.root, '404.html');
  if (await isFile(notFound)) return send(request, response, 404, notFound);
  response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
}

async function resolveFile(options: StaticServerOptions, url: string): Promise<string | undefined> {
  for (const candidate of siteFileCandidates(url, options.baseUrl) ?? []) {
    const target = join(options.root, candidate);
    if (target.startsWith(options.root) && (await isFile(target))) return target;
  }
  return undefined;
}

/**
 * The files of the site (relative to its folder, `/`-separated) a request may name, in the order a
 * static host tries them: clean URLs, so `/docs/x` is `docs/x` or else `docs/x/index.html`. None
 * for a path outside the base URL or one that climbs out of it. `specsite dev` serves from memory
 * with the same mapping.
 */
export function siteFileCandidates(url: string, baseUrl: string): string[] | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, 'http://host').pathname);
  } catch {
    return undefined;
  }
  if (`${path}/` === baseUrl) path = baseUrl;
  if (!path.startsWith(baseUrl) || path.includes('\0')) return undefined;
  const inside = path.slice(baseUrl.length);
  if (inside.split(/[/\\]/).includes('..')) return undefined;
  return inside === '' || inside.endsWith('/') ? [`${inside}index.html`] : [inside, `${inside}/index.html`];
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function send(request: IncomingMessage, response: ServerResponse, status: number, file: string): Promise<void> {
  const info = await stat(file);
  const type = CONTENT_TYPES[file.endsWith('.d.ts') ? '.d.ts' : extname(file).toLowerCase()] ?? 'application/octet-stream';
  response.writeHead(status, { 'content-type': type, 'content-length': info.size, 'cache-control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache' });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file).pipe(response);
}
