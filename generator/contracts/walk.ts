import { isRecord } from '../sources/pointer.js';
import type { ContractSources, Located } from './sources.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** `GET /items/{}`: path parameters renamed in the template are still the same operation (diff and changelog links match on it). */
export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;
}

/**
 * How the walk reads a contract. Checks and diff read its located sources (a broken `$ref` stays the
 * node it is, reported where it stands); the reference reads one bundled document (`N` a plain value).
 */
export interface WalkReader<N, O extends N> {
  /** The child `key` of a node. */
  child(node: N, key: string): N | undefined;
  /** The node as an object, as written; undefined when it is none. */
  record(node: N): O | undefined;
  /** The object a node's `$ref` chain ends at; undefined when that is no object. */
  object(node: N): O | undefined;
  keys(node: O): string[];
}

export type PathItemKind = 'path' | 'webhook' | 'callback';

/** A root field that holds path items, and whether its `x-` keys are extensions rather than items. */
export interface PathItemContainer {
  field: string;
  kind: PathItemKind;
  extensions: boolean;
}

export interface PathItemAt<N, O extends N> {
  /** The path template (`/users/{id}`), webhook name, or callback expression. */
  key: string;
  kind: PathItemKind;
  /** The path item, `$ref` already followed. */
  item: O;
  /** Where the key is written (for a path, the key under `paths`). */
  keySite: N;
}

export interface OperationAt<N, O extends N> {
  method: HttpMethod;
  pathItem: PathItemAt<N, O>;
  operation: O;
}

export type PathItemSite = PathItemAt<Located, Located<Record<string, unknown>>>;
export type OperationSite = OperationAt<Located, Located<Record<string, unknown>>>;

/** Paths, webhooks (3.1 and the `x-webhooks` convention); callbacks are found inside their operations. */
const CONTRACT_CONTAINERS: readonly PathItemContainer[] = [
  { field: 'paths', kind: 'path', extensions: true },
  { field: 'webhooks', kind: 'webhook', extensions: true },
  { field: 'x-webhooks', kind: 'webhook', extensions: true },
];

/**
 * The path items of the given containers, each followed by those of its operations' callbacks
 * unless `callbacks` is false (the reference shows callbacks inside their operation).
 */
export function walkPathItems<N, O extends N>(
  reader: WalkReader<N, O>,
  root: N,
  containers: readonly PathItemContainer[],
  callbacks = true,
): PathItemAt<N, O>[] {
  const out: PathItemAt<N, O>[] = [];
  for (const { field, kind, extensions } of containers) {
    const container = reader.child(root, field);
    if (container !== undefined) addItems(reader, container, kind, extensions, callbacks, out, 0);
  }
  return out;
}

function addItems<N, O extends N>(
  reader: WalkReader<N, O>,
  node: N,
  kind: PathItemKind,
  extensions: boolean,
  callbacks: boolean,
  out: PathItemAt<N, O>[],
  depth: number,
): void {
  const container = reader.record(node);
  if (!container || depth > 8) return;
  for (const key of reader.keys(container)) {
    if (extensions && key.startsWith('x-')) continue;
    const keySite = reader.child(container, key);
    if (keySite === undefined) continue;
    const item = reader.object(keySite);
    if (!item) continue;
    out.push({ key, kind, item, keySite });
    if (!callbacks) continue;
    for (const method of HTTP_METHODS) {
      const operation = reader.child(item, method);
      const callbacks = operation === undefined ? undefined : reader.child(operation, 'callbacks');
      const named = callbacks === undefined ? undefined : reader.record(callbacks);
      if (!named) continue;
      for (const name of reader.keys(named)) {
        const callback = reader.child(named, name);
        const followed = callback === undefined ? undefined : reader.object(callback);
        if (followed) addItems(reader, followed, 'callback', false, true, out, depth + 1);
      }
    }
  }
}

/** The operations of the given path items, in their order and the methods' order. */
export function walkOperations<N, O extends N>(
  reader: WalkReader<N, O>,
  items: readonly PathItemAt<N, O>[],
): OperationAt<N, O>[] {
  const out: OperationAt<N, O>[] = [];
  for (const pathItem of items) {
    for (const method of HTTP_METHODS) {
      const written = reader.child(pathItem.item, method);
      const operation = written === undefined ? undefined : reader.record(written);
      if (operation) out.push({ method, pathItem, operation });
    }
  }
  return out;
}

/** The walk over located sources: `$ref`s followed across files, every node locatable. */
function sourcesReader(sources: ContractSources): WalkReader<Located, Located<Record<string, unknown>>> {
  const record = (node: Located) => (isRecord(node.value) ? (node as Located<Record<string, unknown>>) : undefined);
  return {
    child: (node, key) => sources.child(node, key),
    record,
    object: (node) => record(sources.follow(node)),
    keys: (node) => Object.keys(node.value),
  };
}

/** Every path item of a contract: paths, webhooks (3.1 and the `x-webhooks` convention) and callbacks. */
export function collectPathItems(sources: ContractSources): PathItemSite[] {
  const root: Located = { file: sources.root, segments: [], value: sources.root.data };
  return walkPathItems(sourcesReader(sources), root, CONTRACT_CONTAINERS);
}

export function collectOperations(
  sources: ContractSources,
  items: readonly PathItemSite[] = collectPathItems(sources),
): OperationSite[] {
  return walkOperations(sourcesReader(sources), items);
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
