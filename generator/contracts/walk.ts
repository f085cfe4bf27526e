import { isRecord } from '../sources/pointer.js';
import type { ContractSources, Located } from './sources.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** `GET /items/{}`: path parameters renamed in the template are still the same operation (diff and changelog links match on it). */
export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;
}

export interface PathItemSite {
  /** The path template (`/users/{id}`), webhook name, or callback expression. */
  key: string;
  kind: 'path' | 'webhook' | 'callback';
  /** The path item, `$ref` already followed. */
  item: Located<Record<string, unknown>>;
  /** Where the key is written (for a path, the key under `paths`). */
  keySite: Located;
}

export interface OperationSite {
  method: HttpMethod;
  pathItem: PathItemSite;
  operation: Located<Record<string, unknown>>;
}

/** Every path item of a contract: paths, webhooks (3.1 and the `x-webhooks` convention) and callbacks. */
export function collectPathItems(sources: ContractSources): PathItemSite[] {
  const out: PathItemSite[] = [];
  const rootNode: Located = { file: sources.root, segments: [], value: sources.root.data };
  const containers: [string, PathItemSite['kind']][] = [
    ['paths', 'path'],
    ['webhooks', 'webhook'],
    ['x-webhooks', 'webhook'],
  ];
  for (const [field, kind] of containers) {
    const container = sources.child(rootNode, field);
    if (container) addItems(sources, container, kind, out, 0);
  }
  return out;
}

function addItems(
  sources: ContractSources,
  container: Located,
  kind: PathItemSite['kind'],
  out: PathItemSite[],
  depth: number,
): void {
  if (!isRecord(container.value) || depth > 8) return;
  for (const key of Object.keys(container.value)) {
    if (key.startsWith('x-') && kind !== 'callback') continue;
    const keySite = sources.child(container, key);
    if (!keySite) continue;
    const item = sources.follow(keySite);
    if (!isRecord(item.value)) continue;
    const site: PathItemSite = { key, kind, item: item as Located<Record<string, unknown>>, keySite };
    out.push(site);
    for (const method of HTTP_METHODS) {
      const operation = sources.child(item, method);
      const callbacks = operation && sources.child(operation, 'callbacks');
      if (!callbacks || !isRecord(callbacks.value)) continue;
      for (const name of Object.keys(callbacks.value)) {
        const callback = sources.child(callbacks, name);
        if (callback) addItems(sources, sources.follow(callback), 'callback', out, depth + 1);
      }
    }
  }
}

export function collectOperations(
  sources: ContractSources,
  items: readonly PathItemSite[] = collectPathItems(sources),
): OperationSite[] {
  const out: OperationSite[] = [];
  for (const pathItem of items) {
    for (const method of HTTP_METHODS) {
      const operation = sources.child(pathItem.item, method);
      if (operation && isRecord(operation.value))
        out.push({ method, pathItem, operation: operation as Located<Record<string, unknown>> });
    }
  }
  return out;
}

/** The parameters in force for an operation: path-level ones, overridden by operation-level ones of the same name and location. */
export function effectiveParameters(sources: ContractSources, site: OperationSite): Located<Record<string, unknown>>[] {
  const byKey = new Map<string, Located<Record<string, unknown>>>();
  for (const owner of [site.pathItem.item, site.operation]) {
    const list = sources.child(owner, 'parameters');
    if (!list || !Array.isArray(list.value)) continue;
    list.value.forEach((_, index) => {
      const param = sources.child(list, index);
      if (!param) return;
      const resolved = sources.follow(param);
      if (isRecord(resolved.value))
        byKey.set(
          `${String(resolved.value.in)}:${String(resolved.value.name)}`,
          resolved as Located<Record<string, unknown>>,
        );
    });
  }
  return [...byKey.values()];
}
