import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** What a `Host` header may hold: a name or address and a port, nothing a URL parser would reinterpret. */
const HOST_HEADER = /^[A-Za-z0-9.\-:[\]]+$/;

/**
 * True when the request names this server as only this server is named, and comes from none of
 * its own pages' foreign neighbours: its `Host` is an IP address, `localhost` (or a name under it)
 * or the host it was told to bind, with the port it listens on; its `Origin`, when it has one, is
 * the same. A page of another site whose name was pointed at this machine (DNS rebinding) sends
 * its own name and is refused; so is a page of another origin that reaches for the events.
 */
export function isOwnRequest(request: IncomingMessage, bindHost: string): boolean {
  const port = request.socket.localPort;
  if (port === undefined) return false;
  const host = request.headers.host;
  const named = host !== undefined && HOST_HEADER.test(host) ? parse(`http://${host}`) : undefined;
  if (!named || !isOwnName(named, bindHost, port)) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const from = parse(origin);
  return from !== undefined && from.protocol === 'http:' && from.origin === origin && isOwnName(from, bindHost, port);
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function isOwnName(url: URL, bindHost: string, port: number): boolean {
  if (Number(url.port || 80) !== port) return false;
  const name = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return (
    isIP(name) !== 0 ||
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === bindHost.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  );
}
