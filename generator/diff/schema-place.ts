import type { Scope } from './change-log.js';
import type { Wording } from './inline-code.js';
import type { Effect } from './schema-facts.js';
import type { Node } from './side.js';

/** Which way values flow through a schema: integrators send requests and read responses. */
export type Direction = 'request' | 'response';
export const BOTH_DIRECTIONS: ReadonlySet<Direction> = new Set(['request', 'response']);

export interface SchemaPlace {
  scope: Scope;
  directions: ReadonlySet<Direction>;
  /** Field path inside the schema: '' for the schema itself, `items[].id` below it. */
  path: string;
  /** How the element at a field path is named in the report. */
  subject: (path: string) => Wording;
}

/**
 * A change that makes a schema accept fewer values breaks integrators who send it; one that makes
 * it accept more breaks integrators who read it.
 */
export function breaksFor(directions: ReadonlySet<Direction>, effect: Effect): boolean {
  return effect === 'different' || (effect === 'narrower' ? directions.has('request') : directions.has('response'));
}

export function reasonFor(directions: ReadonlySet<Direction>, effect: Effect): string {
  if (effect !== 'wider' && directions.has('request')) return 'requests that were valid may now be refused';
  return 'responses may now hold values integrators do not expect';
}

export function removalReason(directions: ReadonlySet<Direction>): string {
  if (!directions.has('response')) return 'integrators that send it are no longer heard';
  if (!directions.has('request')) return 'integrators that read it no longer get it';
  return 'integrators that send or read it lose it';
}

/** A read-only field is never sent and a write-only one never read. */
export function fieldDirections(
  directions: ReadonlySet<Direction>,
  nodes: Array<Node | undefined>,
): ReadonlySet<Direction> {
  const readOnly = nodes.some((node) => node?.value.readOnly === true);
  const writeOnly = nodes.some((node) => node?.value.writeOnly === true);
  if (!readOnly && !writeOnly) return directions;
  return new Set([...directions].filter((d) => !(readOnly && d === 'request') && !(writeOnly && d === 'response')));
}
