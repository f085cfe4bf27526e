import { isRecord } from '../../sources/pointer.js';
import { slugify } from '../../config/resolve.js';
import { uniqueSlug } from '../../sources/unique-slug.js';
import { walkOperations, walkPathItems, type PathItemContainer, type WalkReader } from '../../contracts/walk.js';
import type { OperationSource } from './operation-model.js';
import { asString, strings, type RefResolver } from './resolver.js';

export interface TagGroup {
  name: string;
  anchor: string;
  description: unknown;
  operations: OperationSource[];
}

export const UNTAGGED = 'Operations';
export const WEBHOOKS = 'Webhooks';

/**
 * Every operation and webhook of the document, grouped by its first tag (declared tags first, in
 * their order), each with an anchor that is unique on the site: its operationId when it has one.
 */
export function groupOperations(
  document: Record<string, unknown>,
  resolver: RefResolver,
  reserved: ReadonlySet<string>,
): TagGroup[] {
  const used = new Set(reserved);
  const unique = (wanted: string): string => uniqueSlug(wanted.replace(/\s+/g, '-') || 'operation', used);
  const groups = new Map<string, TagGroup>();
  const group = (name: string, description: unknown = undefined): TagGroup => {
    let found = groups.get(name);
    if (!found) {
      found = { name, anchor: unique(`tag-${slugify(name)}`), description, operations: [] };
      groups.set(name, found);
    }
    return found;
  };
  for (const tag of Array.isArray(document.tags) ? document.tags.filter(isRecord) : [])
    if (typeof tag.name === 'string') group(tag.name, tag.description);

  // Paths, then the webhooks (3.1's, else the `x-webhooks` convention's, whose keys are all names).
  const containers: PathItemContainer[] = [
    { field: 'paths', kind: 'path', extensions: true },
    { field: isRecord(document.webhooks) ? 'webhooks' : 'x-webhooks', kind: 'webhook', extensions: false },
  ];
  const reader = documentReader(resolver);
  const sources = walkOperations(reader, walkPathItems(reader, document, containers, false)).map(
    ({ method, pathItem, operation }) => {
      const webhook = pathItem.kind === 'webhook';
      return {
        kind: webhook ? ('webhook' as const) : ('operation' as const),
        method,
        path: pathItem.key,
        pathItem: pathItem.item,
        operation,
        tag: webhook ? WEBHOOKS : (strings(operation.tags)[0] ?? UNTAGGED),
        operationId: asString(operation.operationId),
      };
    },
  );
  // operationIds claim their anchors before generated ones, so a generated id never takes a real one.
  const ids = new Map<number, string>();
  sources.forEach((s, i) => s.operationId && ids.set(i, unique(s.operationId)));
  sources.forEach(
    (s, i) =>
      ids.has(i) ||
      ids.set(
        i,
        unique(s.kind === 'webhook' ? `webhook-${slugify(`${s.path}-${s.method}`)}` : slugify(`${s.method}-${s.path}`)),
      ),
  );
  for (const [index, { tag, operationId: _id, ...source }] of sources.entries())
    group(tag).operations.push({ ...source, id: ids.get(index) as string });
  return [...groups.values()].filter((g) => g.operations.length > 0);
}

/** The contracts' walk over one bundled document: a `$ref` that leads to no object is skipped. */
function documentReader(resolver: RefResolver): WalkReader<unknown, Record<string, unknown>> {
  return {
    child: (node, key) => (isRecord(node) ? node[key] : undefined),
    record: (node) => (isRecord(node) ? node : undefined),
    object: (node) => resolver.follow(node)?.value,
    keys: (node) => Object.keys(node),
  };
}
