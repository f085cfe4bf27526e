import { nearest } from './nearest.js';

/**
 * A mistake in a tool's arguments (an unknown service, route, id or version): the SDK answers it as
 * a tool result with `isError`, whose text the model reads and can act on, never as a crash.
 */
export class ToolError extends Error {}

/** `unknown service "serch"; the nearest: searcher, rag` (or every candidate when there are few). */
export function unknown(what: string, given: string, candidates: readonly string[], more = ''): ToolError {
  const near = nearest(given, candidates);
  const list =
    near.length > 0 ? `; the nearest: ${near.join(', ')}` : candidates.length === 0 ? `; there are none` : '';
  return new ToolError(`unknown ${what} "${given}"${list}${more}`);
}
