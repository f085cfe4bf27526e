import { isRecord } from '../../sources/pointer.js';
import { slugify } from '../../config/resolve.js';
import { uniqueSlug } from '../../sources/unique-slug.js';
import { walkOperations, walkPathItems, type PathItemContainer, type WalkReader } from '../../contracts/walk.js';
import type { OperationSource } from './operation-model.js';
import { pathGrouping } from './path-groups.js';
import { asString, strings, type RefResolver } from './resolver.js';

export interface TagGroup {
  /** A tag of the document, the untagged operations, the webhooks, or the untagged operations under one path segment. */
  kind: 'tag' | 'untagged' | 'webhooks' | 'path';
  name: string;
  anchor: string;
  /** Markdown: the tag's own description, or what a path group holds. */
  description: unknown;
  operations: OperationSource[];
  /** The anchor of the tag a sub-resource's page was divided from (see `divideLarge`). */
  subOf?: string;
}

export interface OperationGroups {
  groups: TagGroup[];
  /** Too large for one page: a page per group. */
  split: boolean;
  /** Claims an anchor no operation or group of the document has, for the parts of a split group. */
  anchor(wanted: string): string;
}

/** Untagged operations are grouped by path segment on a split reference when there are more than this. */
export const PATH_GROUPS_ABOVE = 200;

export const UNTAGGED = 'Operations';
export const WEBHOOKS = 'Webhooks';

/**
 * Every operation and webhook of the document, grouped by its first tag (declared tags first, in
 * their order), each with an anchor that is unique on the site: its operationId when it has one.
 * `needsSplit` says from the operations whether the reference is too large for one page; a split
 * document with more than `pathGroupsAbove` untagged operations groups them by path segment.
 */
export function groupOperations(
  document: Record<string, unknown>,
  resolver: RefResolver,
  reserved: ReadonlySet<string>,
  needsSplit: (operations: ReadonlyArray<Omit<OperationSource, 'id'>>) => boolean,
  pathGroupsAbove = PATH_GROUPS_ABOVE,
): OperationGroups {
  const used = new Set(reserved);
  const unique = (wanted: string): string => uniqueSlug(wanted.replace(/\s+/g, '-') || 'operation', used);
  // Keyed by kind too, so a tag named "Webhooks" or "Operations" never merges with those groups.
  const groups = new Map<string, TagGroup>();
  const group = (kind: TagGroup['kind'], name: string, description: unknown = undefined, key = name): TagGroup => {
    let found = groups.get(`${kind}:${key}`);
    if (!found) {
      found = { kind, name, anchor: unique(`tag-${slugify(name)}`), description, operations: [] };
      groups.set(`${kind}:${key}`, found);
    }
    return found;
  };
  for (const tag of Array.isArray(document.tags) ? document.tags.filter(isRecord) : [])
    if (typeof tag.name === 'string') group('tag', tag.name, tag.description);

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
        tag: webhook ? undefined : strings(operation.tags)[0],
        operationId: asString(operation.operationId),
      };
    },
  );
  const split = needsSplit(sources);
  const untagged = sources.filter((s) => s.kind === 'operation' && s.tag === undefined).map((s) => s.path);
  const byPath = split && untagged.length > pathGroupsAbove ? pathGrouping(untagged) : () => undefined;
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
  const prefixes = new Map<TagGroup, Set<string>>();
  for (const [index, { tag, operationId: _id, ...source }] of sources.entries()) {
    const path = tag === undefined && source.kind === 'operation' ? byPath(source.path) : undefined;
    const target =
      source.kind === 'webhook'
        ? group('webhooks', WEBHOOKS)
        : tag !== undefined
          ? group('tag', tag)
          : path
            ? group('path', path.label, undefined, path.segment)
            : group('untagged', UNTAGGED);
    target.operations.push({ ...source, id: ids.get(index) as string });
    if (path) prefixes.set(target, (prefixes.get(target) ?? new Set()).add(path.prefix));
  }
  for (const [target, seen] of prefixes)
    target.description = `Operations whose path starts with ${[...seen].map(codeSpan).join(' or ')}.`;
  return { groups: [...groups.values()].filter((g) => g.operations.length > 0), split, anchor: unique };
}

/** Markdown code for `text` however many backticks it holds. */
function codeSpan(text: string): string {
  const longest = (text.match(/`+/g) ?? []).reduce((n, run) => Math.max(n, run.length), 0);
  const fence = '`'.repeat(longest + 1);
  return `${fence} ${text} ${fence}`;
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
