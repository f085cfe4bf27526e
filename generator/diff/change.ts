import type { Inline } from './inline-code.js';

/**
 * What changed between two versions of a contract, from the integrator's side. Every change says
 * which operation or schema it belongs to, what kind it is, whether it breaks an integrator, and
 * where it is written.
 */

/** Where a change is written: a node of one contract file. */
export interface ChangeSite {
  /** The file as the user would type it. */
  file: string;
  line: number;
  column: number;
  /** JSON pointer of the node inside that file. */
  pointer: string;
}

/** The operation (by method and path) or the named schema a change is reported under. */
export type ChangeGroup =
  | { kind: 'operation'; method: string; path: string; operationId: string | undefined }
  | { kind: 'schema'; name: string };

export const CHANGE_KINDS = [
  'operation-added',
  'operation-removed',
  'operation-id-changed',
  'deprecated',
  'undeprecated',
  'security-added',
  'security-removed',
  'parameter-added',
  'parameter-removed',
  'required-added',
  'required-removed',
  'request-body-added',
  'request-body-removed',
  'media-type-added',
  'media-type-removed',
  'response-added',
  'response-removed',
  'schema-added',
  'schema-removed',
  'property-added',
  'property-removed',
  'type-changed',
  'format-changed',
  'enum-changed',
  'constraint-changed',
  'default-changed',
  'additional-properties-changed',
  'read-only-changed',
  'write-only-changed',
  'variant-added',
  'variant-removed',
  'ref-changed',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface ApiChange {
  kind: ChangeKind;
  breaking: boolean;
  /** A breaking change the new contract marks as intended (`x-breaking-change-acknowledged` on it or on what holds it). */
  acknowledged: boolean;
  group: ChangeGroup;
  /** The element inside its group, for people: "query parameter `limit`", "field `items[].id` of response 200". */
  subject: Inline;
  /** What happened to it: "became required", "type changed from integer to string". */
  message: Inline;
  /** Why it breaks an integrator, when it does. */
  reason: string | undefined;
  /** The element in the new contract, or for a removed one the object it was removed from. */
  at: ChangeSite;
  /** The element in the old contract, when it existed there. */
  was: ChangeSite | undefined;
}

export interface DiffReport {
  old: { file: string; version: string };
  new: { file: string; version: string };
  /** Sorted: by group (operations by path and method, then schemas by name), breaking first, then by location. */
  changes: ApiChange[];
}

export function groupKey(group: ChangeGroup): string {
  return group.kind === 'operation' ? `${group.method.toUpperCase()} ${group.path}` : `schema ${group.name}`;
}

export function groupTitle(group: ChangeGroup): string {
  return group.kind === 'operation'
    ? `${group.method.toUpperCase()} ${group.path}${group.operationId ? ` (${group.operationId})` : ''}`
    : `schema ${group.name}`;
}

export function countChanges(changes: readonly ApiChange[]): {
  breaking: number;
  acknowledged: number;
  nonBreaking: number;
} {
  let breaking = 0;
  let acknowledged = 0;
  for (const c of changes) {
    if (c.breaking && c.acknowledged) acknowledged++;
    else if (c.breaking) breaking++;
  }
  return { breaking, acknowledged, nonBreaking: changes.length - breaking - acknowledged };
}
