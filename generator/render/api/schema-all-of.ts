import { isRecord } from '../../sources/pointer.js';
import type { PropertyModel } from '../../../templates/api/model.js';
import type { SchemaRegistry } from './schema-registry.js';

/** One schema whose properties an `allOf` brings into the object around it, and the named part it came from. */
export interface AllOfPart {
  schema: Record<string, unknown>;
  from: PropertyModel['from'];
}

/** What an `allOf` merges (its parts, nested ones and `$ref`s followed) and what it keeps as written. */
export interface FlatAllOf {
  parts: AllOfPart[];
  /** Parts that cannot be merged: unresolved refs, booleans, and parts already being merged (a cycle). */
  kept: unknown[];
}

/**
 * Flattens `schema.allOf`, depth first and in order, so the rows read as the document lists them.
 * `open` holds every schema being merged on the way here (the caller's, across nested trees): a part
 * found there again leads back to itself, and is kept as a link instead of merged without end.
 * The parts added are left in `open` until the caller has built their rows; it removes them.
 */
export function flattenAllOf(
  schema: Record<string, unknown>,
  registry: SchemaRegistry,
  open: Set<unknown>,
  limit: number,
): FlatAllOf {
  const flat: FlatAllOf = { parts: [], kept: [] };
  const visit = (list: unknown[], from: AllOfPart['from']): void => {
    for (const written of list) {
      if (flat.parts.length >= limit) return;
      let target: unknown = written;
      let named = from;
      // A named schema may itself be only a `$ref` (an alias): followed a few steps, named for the last.
      for (let hop = 0; hop < 8 && isRecord(target) && typeof target.$ref === 'string'; hop++) {
        const found = registry.forRef(target.$ref);
        target = found?.schema;
        named = found && { name: found.name, href: registry.href(found) };
      }
      if (!isRecord(target) || open.has(target)) {
        flat.kept.push(written);
        continue;
      }
      open.add(target);
      flat.parts.push({ schema: target, from: named });
      if (Array.isArray(target.allOf)) visit(target.allOf, named);
    }
  };
  if (Array.isArray(schema.allOf)) visit(schema.allOf, undefined);
  return flat;
}

/** Keys of a part that merging takes into the object (its rows) or that only describe the part itself. */
// A named part's description, title and examples are about the part (AuditFields), not the object that includes it.
const MERGED = new Set([
  'properties',
  'required',
  'allOf',
  'title',
  'description',
  'example',
  'examples',
  '$id',
  '$schema',
  '$comment',
]);
/** Keys that make a part more than rows and facts; such a part stays a variant for what is left of it. */
const STRUCTURAL = ['items', 'prefixItems', 'not', 'contains', 'if', 'then', 'else', 'dependentSchemas'];

/** What is left of a part once its rows are merged: undefined when nothing, the facts to lift, or a part to keep. */
export function residual(
  part: Record<string, unknown>,
): { lift: Record<string, unknown> } | { keep: Record<string, unknown> } | undefined {
  const rest = Object.fromEntries(
    Object.entries(part).filter(([key]) => !MERGED.has(key) && !key.startsWith('x-') && key !== 'discriminator'),
  );
  if (rest.type === 'object') delete rest.type;
  if (Object.keys(rest).length === 0) return undefined;
  return STRUCTURAL.some((key) => rest[key] !== undefined) ? { keep: rest } : { lift: rest };
}
