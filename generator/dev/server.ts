import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_TYPES, siteFileCandidates } from '../serve/static-server.js';

const LIVE_RELOAD = fileURLToPath(new URL('../../../templates/dev/live-reload.js', import.meta.url));
export const DEV_PREFIX = '/__specsite/';

/** The state of the site the dev server shows: the last good files, and whether the newest build failed. */
export interface DevState {
  files: ReadonlyMap<string, string | Uint8Array>;
  /** Counts good builds; a page reloads when the newest is not the one it was served from. */
  id: number;
  ok: boolean;
  /** The failed build's problems, one located line each. */
  problems: string[];
}

/**
 * Serves the site from memory the way `specsite serve` serves it from disk (clean URLs, 404.html,
 * the base URL), adds the live-reload script to each page, and tells connected pages about every
 * build over server-sent events.
 */
export class DevServer {
  readonly server: Server;
  private readonly listeners = new Set<ServerResponse>();

  constructor(
    private readonly baseUrl: string,
    private readonly state: () => DevState,
  ) {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Internal server error\n');
      });
    });
  }

  /** Tells every open page about the current state. */
  announce(): void {
    const message = this.event();
    for (const listener of this.listeners) listener.write(message);
  }

  close(): void {
    for (const listener of this.listeners) listener.end();
    this.server.close();
    this.server.closeAllConnections();
  }

  private event(): string {
    const { id, ok, problems } = this.state();
    return `event: build\ndata: ${JSON.stringify({ id, ok, problems })}\n\n`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = request.url ?? '/';
    const path = URL.canParse(url, 'http://host') ? new URL(url, 'http://host').pathname : undefined;
    if (path === `${DEV_PREFIX}events`) {
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
      response.write(this.event());
      this.listeners.add(response);
      request.on('close', () => this.listeners.delete(response));
      return;
    }
    if (path === `${DEV_PREFIX}live-reload.js`) {
      response.writeHead(200, { 'content-type': CONTENT_TYPES['.js'], 'cache-control': 'no-cache' }).end(await readFile(LIVE_RELOAD));
      return;
    }
    const { files, id } = this.state();
    const found = siteFileCandidates(url, this.baseUrl)?.find((candidate) => files.has(candidate));
    const [status, name] = found ? [200, found] : files.has('404.html') ? [404, '404.html'] : [404, undefined];
    if (name === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    let body = files.get(name) as string | Uint8Array;
    if (name.endsWith('.html') && typeof body === 'string') body = withLiveReload(body, id);
    response.writeHead(status, { 'content-type': CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    response.end(request.method === 'HEAD' ? undefined : body);
  }
}

/** The page as built, with the live-reload script before `</body>`, told which build it shows. */
function withLiveReload(html: string, id: number): string {
  const tag = `<script src="${DEV_PREFIX}live-reload.js" data-build="${id}" data-events="${DEV_PREFIX}events"></script>`;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + tag : html.slice(0, end) + tag + html.slice(end);
}
