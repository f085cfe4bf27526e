import { isRecord } from '../../sources/pointer.js';
import { slugify } from '../../config/resolve.js';
import { HTTP_METHODS } from '../../contracts/walk.js';
import type { OperationSource } from './operation-model.js';
import { asRecord, asString, strings, type RefResolver } from './resolver.js';

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
  const unique = (wanted: string): string => {
    const base = wanted.replace(/\s+/g, '-') || 'operation';
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
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

  const sources: Array<Omit<OperationSource, 'id'> & { tag: string; operationId: string }> = [];
  for (const [path, written] of Object.entries(asRecord(document.paths))) {
    if (path.startsWith('x-')) continue;
    const pathItem = resolver.follow(written)?.value;
    if (!pathItem) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isRecord(operation)) continue;
      sources.push({
        kind: 'operation',
        method,
        path,
        pathItem,
        operation,
        tag: strings(operation.tags)[0] ?? UNTAGGED,
        operationId: asString(operation.operationId),
      });
    }
  }
  const webhooks = isRecord(document.webhooks) ? document.webhooks : asRecord(document['x-webhooks']);
  for (const [name, written] of Object.entries(webhooks)) {
    const pathItem = resolver.follow(written)?.value;
    if (!pathItem) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isRecord(operation)) continue;
      sources.push({
        kind: 'webhook',
        method,
        path: name,
        pathItem,
        operation,
        tag: WEBHOOKS,
        operationId: asString(operation.operationId),
      });
    }
  }
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
