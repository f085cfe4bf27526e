import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { FILE_POLICY, NOSNIFF } from './security-headers.js';

/** Out of descriptors or memory for a moment: the client may try again. */
const BUSY = new Set(['EMFILE', 'ENFILE', 'EAGAIN', 'ENOMEM']);
/** The name was not a file after all (it went away between two steps, during a rebuild). */
const GONE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP', 'ENAMETOOLONG']);
/** A client that went away while its response was being sent. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ERR_STREAM_DESTROYED']);

/** A short text answer with the headers every response carries. */
export function answerPlain(
  response: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  response
    .writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-cache',
      ...NOSNIFF,
      'content-security-policy': FILE_POLICY,
      ...headers,
    })
    .end(`${text}\n`);
}

/** Answers 405 to any method but GET and HEAD; true when the request may go on. */
export function onlyGetAndHead(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return true;
  answerPlain(response, 405, 'Method not allowed', { allow: 'GET, HEAD' });
  return false;
}

/**
 * The answer to a request whose handling failed: 404 for a file that went away, 503 when the
 * process is out of descriptors, 500 otherwise; once the headers are out, the connection is cut.
 */
export function answerFailure(response: ServerResponse, error: unknown): void {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (response.headersSent || CLIENT_GONE.has(code)) {
    response.destroy();
    return;
  }
  if (GONE.has(code)) answerPlain(response, 404, 'Not found');
  else if (BUSY.has(code)) answerPlain(response, 503, 'Busy; try again', { 'retry-after': '1' });
  else answerPlain(response, 500, 'Internal server error');
}

/**
 * Once listening, an error of the server itself is the kernel refusing one connection (accept
 * failing for want of descriptors): the server goes on with the next. Before, errors are the
 * caller's (a port in use) and stay unhandled here. (A client's broken request is Node's own
 * 'clientError', answered 400 and cut by default.)
 */
export function keepListening(server: Server): void {
  server.once('listening', () => server.on('error', () => undefined));
}
