import type { SearchSymbols } from './symbols.js';

/** A call as a reader pastes it: with or without its method, gateway prefix, trailing slash, query string. */
export interface PathQuery {
  method: string | undefined;
  segments: string[];
  /** The path's literal words, for the full-text index. */
  words: string[];
}

const METHODS = /^(get|put|post|delete|options|head|patch|trace)$/i;

/** A path query, or undefined when the query is not one (`/v1/search`, `POST /api/x/{id}`, a whole URL). */
export function parsePathQuery(query: string): PathQuery | undefined {
  const parts = query.trim().split(/\s+/);
  let method: string | undefined;
  if (parts.length === 2 && METHODS.test(parts[0] as string)) method = (parts.shift() as string).toLowerCase();
  if (parts.length !== 1) return undefined;
  let path = parts[0] as string;
  const url = /^https?:\/\/[^/]+(\/.*)?$/i.exec(path);
  if (url) path = url[1] ?? '/';
  if (!path.startsWith('/')) return undefined;
  const segments = path
    .replace(/[?#].*$/, '')
    .split('/')
    .filter((segment) => segment !== '');
  if (segments.length === 0) return undefined;
  return { method, segments, words: segments.filter((segment) => !isParameter(segment)).flatMap(literalWords) };
}

function isParameter(segment: string): boolean {
  return /^\{[^}]*\}$/.test(segment) || /^:\w+$/.test(segment);
}

function literalWords(segment: string): string[] {
  return segment.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

/**
 * The operations whose path the query matches, best first: the query's segments must match a run of
 * the operation's in order (a literal one exactly, in any case; a `{parameter}` by anything typed
 * there, be it `{id}`, `:id` or `42`), so a missing gateway prefix or trailing parameters still match;
 * the more literal segments matched and the fewer left over, the better. A method, when given, must agree.
 */
export function matchPath(query: PathQuery, operations: SearchSymbols['operations']): number[] {
  const scored: Array<{ index: number; score: number }> = [];
  for (const [index, [method, path]] of operations.entries()) {
    if (query.method && query.method !== method.toLowerCase()) continue;
    const score = pathScore(
      query.segments,
      path.split('/').filter((segment) => segment !== ''),
    );
    if (score > 0) scored.push({ index, score });
  }
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).map(({ index }) => index);
}

/** How well `typed` matches a run of `segments` (0: not at all); the best run counts. */
function pathScore(typed: readonly string[], segments: readonly string[]): number {
  let best = 0;
  for (let start = 0; start + typed.length <= segments.length; start++) {
    let literals = 0;
    let matched = true;
    for (const [i, segment] of typed.entries()) {
      const their = segments[start + i] as string;
      if (isParameter(their)) continue;
      if (their.toLowerCase() !== segment.toLowerCase()) {
        matched = false;
        break;
      }
      literals++;
    }
    if (!matched || literals === 0) continue;
    const after = segments.length - start - typed.length;
    // A path typed to its end beats one that stops short; a prefix left out costs a little.
    const score = literals * 4 - after * 2 - start * 0.1 + 1;
    best = Math.max(best, score);
  }
  return best;
}
