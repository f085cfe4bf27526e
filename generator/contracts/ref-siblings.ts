import { encodePointer, getAtPointer, isRecord, type Segment } from '../sources/pointer.js';
import type { ContractSources, RefSite } from './sources.js';
import { collectPathItems } from './walk.js';

/**
 * Copies of a contract's files for the OpenAPI schema check, in which every `$ref` object stands
 * alone. A dereferencer merges the keys written beside a `$ref` into the object it points to, so a
 * 3.1 Reference Object's `summary` became an "unknown field" of the parameter it names, reported at
 * the parameter. The specification says those keys are ignored (2.0 and 3.0: anything beside `$ref`;
 * 3.1: `summary` and `description` override the target's, anything else is ignored), and in a 3.1
 * Schema Object the official schema checks no keyword at all; so none of them is the structure
 * check's business. A Path Item's `$ref` is different: the fields beside it are Path Item fields, and
 * are kept to be checked as such.
 */
export function withoutRefSiblings(sources: ContractSources): Map<string, unknown> {
  const keep = pathItemRefs(sources);
  const copies = new Map<string, unknown>();
  for (const file of sources.files.values()) copies.set(file.path, structuredClone(file.data));
  for (const site of sources.refs) {
    if (keep.has(`${site.file.path}#${encodePointer(site.segments)}`)) continue;
    const node = getAtPointer(copies.get(site.file.path), site.segments);
    if (!isRecord(node)) continue;
    for (const key of Object.keys(node)) if (key !== '$ref') delete node[key];
  }
  return copies;
}

/** Where a Path Item is written as a `$ref` (paths, webhooks, callbacks, `components.pathItems`). */
function pathItemRefs(sources: ContractSources): Set<string> {
  const out = new Set<string>();
  const add = (file: { path: string }, segments: Segment[]) => out.add(`${file.path}#${encodePointer(segments)}`);
  for (const site of collectPathItems(sources)) add(site.keySite.file, site.keySite.segments);
  const root = sources.root.data;
  const pathItems = isRecord(root) && isRecord(root.components) ? root.components.pathItems : undefined;
  if (isRecord(pathItems))
    for (const name of Object.keys(pathItems)) add(sources.root, ['components', 'pathItems', name]);
  return out;
}

/** Keys under which a `$ref` stands for a Schema Object, where `summary` is any keyword's value. */
const SCHEMA_CONTEXT = new Set([
  'schema',
  'schemas',
  'definitions',
  '$defs',
  'items',
  'properties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'additionalProperties',
]);

/**
 * What is wrong beside a 3.1 `$ref`, reported where it is written: `summary` and `description`
 * must be strings (a Schema Object's `summary` is an unknown keyword, and may be anything).
 */
export function refSiblingProblems(sources: ContractSources): { site: RefSite; key: string }[] {
  const out: { site: RefSite; key: string }[] = [];
  for (const site of sources.refs) {
    const node = getAtPointer(site.file.data, site.segments);
    if (!isRecord(node)) continue;
    const inSchema = site.segments.some((s) => typeof s === 'string' && SCHEMA_CONTEXT.has(s));
    for (const key of inSchema ? ['description'] : ['summary', 'description'])
      if (key in node && typeof node[key] !== 'string') out.push({ site, key });
  }
  return out;
}
