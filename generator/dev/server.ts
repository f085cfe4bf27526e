import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { currentHeadScript } from '../client/build.js';
import { prefersMarkdown, twinFile, VARY_ACCEPT } from '../serve/negotiation.js';
import { answerFailure, answerPlain, keepListening, onlyGetAndHead } from '../serve/responses.js';
import { contentType, securityHeaders, siteFileCandidates } from '../serve/static-server.js';
import { isOwnRequest } from './host-check.js';

const LIVE_RELOAD = fileURLToPath(new URL('../../../templates/dev/live-reload.js', import.meta.url));
export const DEV_PREFIX = '/__specsite/';
/** Open pages told about builds at once; one more is refused (503) rather than held. */
export const MAX_EVENT_CLIENTS = 32;

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
 * the base URL, the same security headers, a page's Markdown twin to a request that prefers it), adds the live-reload script to each page, and tells
 * connected pages about every build over server-sent events. It answers GET and HEAD only, and
 * only to requests that name it by its own address (`isOwnRequest`); the rest get 405 or 403.
 */
export class DevServer {
  readonly server: Server;
  private readonly listeners = new Set<ServerResponse>();
  /** The head script pages may run (their CSP names it), found again after each build: an edit to its template changes it. */
  private headScript: Promise<string> | undefined;

  /** `bindHost` is the host it was told to listen on, a name it may be called by besides addresses and localhost. */
  constructor(
    private readonly baseUrl: string,
    private readonly state: () => DevState,
    private readonly bindHost: string,
  ) {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => answerFailure(response, error));
    });
    keepListening(this.server);
  }

  /** Tells every open page about the current state. */
  announce(): void {
    this.headScript = undefined;
    const message = this.event();
    for (const listener of this.listeners) listener.write(message);
  }

  /**
   * Ends every event stream, so that each page sees its end rather than a cut connection, then
   * stops. A page that does not read its last bytes within `graceMs` is cut.
   */
  async close(graceMs = 1000): Promise<void> {
    const ended = [...this.listeners].map(
      (listener) => new Promise<void>((done) => listener.once('close', done).end()),
    );
    this.listeners.clear();
    this.server.close();
    // Idle keep-alive connections would hold close() back; the event streams are left to end.
    this.server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(ended), new Promise((wake) => (timer = setTimeout(wake, graceMs)))]);
    clearTimeout(timer);
    this.server.closeAllConnections();
  }

  private currentHeadScript(): Promise<string> {
    this.headScript ??= currentHeadScript().catch((error: unknown) => {
      this.headScript = undefined;
      throw error;
    });
    return this.headScript;
  }

  private event(): string {
    const { id, ok, problems } = this.state();
    return `event: build\ndata: ${JSON.stringify({ id, ok, problems })}\n\n`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!onlyGetAndHead(request, response)) return;
    if (!isOwnRequest(request, this.bindHost)) {
      answerPlain(response, 403, 'Forbidden: this server answers only to its own address');
      return;
    }
    const url = request.url ?? '/';
    const path = URL.canParse(url, 'http://host') ? new URL(url, 'http://host').pathname : undefined;
    if (path === `${DEV_PREFIX}events`) {
      if (this.listeners.size >= MAX_EVENT_CLIENTS) {
        answerPlain(response, 503, `Too many open pages (${MAX_EVENT_CLIENTS}); close some and reload`, {
          'retry-after': '5',
        });
        return;
      }
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        ...securityHeaders('text/event-stream'),
      });
      // HEAD asks whether a page could connect now, and takes no place.
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      response.write(this.event());
      this.listeners.add(response);
      response.on('close', () => this.listeners.delete(response));
      return;
    }
    if (path === `${DEV_PREFIX}live-reload.js`) {
      const type = contentType('live-reload.js');
      response
        .writeHead(200, { 'content-type': type, 'cache-control': 'no-cache', ...securityHeaders(type) })
        .end(await readFile(LIVE_RELOAD));
      return;
    }
    const { files, id } = this.state();
    const found = siteFileCandidates(url, this.baseUrl)?.find((candidate) => files.has(candidate));
    // A page with a twin answers with either, as `Accept` prefers (see `specsite serve`).
    const twin = found === undefined ? undefined : twinFile(found);
    const negotiated = twin !== undefined && files.has(twin);
    const chosen = negotiated && prefersMarkdown(request.headers.accept) ? twin : found;
    const [status, name] = chosen ? [200, chosen] : files.has('404.html') ? [404, '404.html'] : [404, undefined];
    if (name === undefined) {
      answerPlain(response, 404, 'Not found');
      return;
    }
    let body = files.get(name) as string | Uint8Array;
    if (name.endsWith('.html') && typeof body === 'string') body = withLiveReload(body, id);
    const type = contentType(name);
    const headScript = type.startsWith('text/html') ? await this.currentHeadScript() : undefined;
    response.writeHead(status, {
      'content-type': type,
      'cache-control': 'no-cache',
      ...securityHeaders(type, typeof body === 'string' ? body : undefined, headScript),
      ...(negotiated ? VARY_ACCEPT : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  }
}

/** The page as built, with the live-reload script before `</body>`, told which build it shows. */
function withLiveReload(html: string, id: number): string {
  const tag = `<script src="${DEV_PREFIX}live-reload.js" data-build="${id}" data-events="${DEV_PREFIX}events"></script>`;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + tag : html.slice(0, end) + tag + html.slice(end);
}
