import pluralize from 'pluralize';
import { slugify } from '../../config/resolve.js';
import type { OperationSource } from './operation-model.js';
import type { TagGroup } from './operations.js';
import { isParameter, isVersion, readable } from './path-groups.js';
import { asString } from './resolver.js';

/**
 * A tag with more operations than this is divided into pages by its sub-resources (and a
 * sub-resource still larger, again, or by operation): each page is named for what it holds.
 */
export const MAX_PAGE_OPERATIONS = 40;

/**
 * The share of a tag's operations whose paths must start alike for that start to be the tag's own
 * resource (GitHub's repos: `/repos/…` beside a few `/user/repos`); a mere majority would take a
 * large sub-resource (`/repos/{o}/{r}/branches`) for the resource itself.
 */
const MOST = 0.8;

/** A sub-resource with this few operations stays on its parent's page. */
const SMALL = 2;

/**
 * Each group as one page, or divided when it has more than `MAX_PAGE_OPERATIONS` operations: the
 * first page keeps the group's name, anchor and the operations of the resource itself; each
 * sub-resource (`/buckets/{id}/datasources`) gets a page named by its parent in the singular and its
 * own segment ("Bucket datasources"). Names are unique across the version: a name met twice is told
 * apart by its path.
 */
export function divideLarge(groups: readonly TagGroup[], anchor: (wanted: string) => string): TagGroup[] {
  const names = new Set(groups.map((g) => g.name.toLowerCase()));
  const result: TagGroup[] = [];
  for (const group of groups) {
    if (group.operations.length <= MAX_PAGE_OPERATIONS) {
      result.push(group);
      continue;
    }
    const pages = divide(group.name, group.operations, 0);
    const [first, ...rest] = pages;
    result.push({ ...group, operations: first?.operations ?? [] });
    for (const page of rest) {
      let name = page.name;
      if (names.has(name.toLowerCase())) name = `${name} (${page.where})`;
      names.add(name.toLowerCase());
      result.push({
        kind: group.kind,
        name,
        anchor: anchor(`tag-${slugify(name)}`),
        description: page.where.startsWith('/') ? `Operations whose path starts with \`${page.where}\`.` : undefined,
        operations: page.operations,
        subOf: group.anchor,
      });
    }
  }
  return result;
}

interface Page {
  name: string;
  /** What tells it apart when its name is taken: its path prefix, or its operation. */
  where: string;
  operations: OperationSource[];
}

/**
 * `operations` as pages: the ones of the resource (and small sub-resources) first, named `name`,
 * then each sub-resource, divided again while over the limit; by operation when the paths say
 * nothing more.
 */
function divide(name: string, operations: readonly OperationSource[], depth: number): Page[] {
  const paths = operations.map((op) => namingSegments(op));
  const { prefix: shared, named } = majorityPrefix(paths, depth, name);
  const own: OperationSource[] = [];
  const subs = new Map<string, { ops: OperationSource[]; prefix: string }>();
  operations.forEach((op, i) => {
    const segments = paths[i] as NamedSegment[];
    const underPrefix = shared.every((s, k) => segments[k]?.text === s);
    const next = underPrefix ? segments[shared.length] : undefined;
    if (!next) return own.push(op);
    const sub = subs.get(next.text) ?? { ops: [], prefix: next.prefix };
    sub.ops.push(op);
    subs.set(next.text, sub);
  });
  const pages: Page[] = [];
  for (const [segment, sub] of subs) {
    if (sub.ops.length <= SMALL) {
      own.push(...sub.ops);
      continue;
    }
    // Segments most paths share but not all (`branches` of `/repos/{r}/branches/{b}/protection`) name it too.
    const words = [...named.map((n) => pluralize.singular(readable(n))), readable(segment)].join(' ').toLowerCase();
    const subName = joinName(singular(name), words);
    const divided = sub.ops.length > MAX_PAGE_OPERATIONS ? divide(subName, sub.ops, shared.length + 1) : undefined;
    if (divided) pages.push(...divided.map((p, i) => (i === 0 ? { ...p, where: sub.prefix } : p)));
    else pages.push({ name: subName, where: sub.prefix, operations: sub.ops });
  }
  // Keep the contract's order within each page: the resource's own operations came first or not.
  const order = new Map(operations.map((op, i) => [op, i]));
  own.sort((a, b) => (order.get(a) as number) - (order.get(b) as number));
  if (pages.length === 0 && own.length > MAX_PAGE_OPERATIONS) return byOperation(name, own);
  // A resource with no operations of its own (only `/items/{id}/notes`…) keeps its first sub-resource's
  // on its page, so the tag's page is never empty.
  if (own.length === 0 && pages.length > 0) return [{ ...(pages[0] as Page), name, where: '' }, ...pages.slice(1)];
  return [{ name, where: '', operations: own }, ...pages];
}

/** One page per operation, named by its summary (else its method and path). */
function byOperation(name: string, operations: readonly OperationSource[]): Page[] {
  const [first, ...rest] = operations;
  return [
    { name, where: '', operations: first ? [first] : [] },
    ...rest.map((op) => {
      const label = `${op.method.toUpperCase()} ${op.path}`;
      return { name: asString(op.operation.summary) || label, where: label, operations: [op] };
    }),
  ];
}

interface NamedSegment {
  text: string;
  /** The path up to and including it. */
  prefix: string;
}

/** The segments of an operation's path that name something (no parameters, no versions). */
function namingSegments(op: OperationSource): NamedSegment[] {
  // A webhook's key is a name: `invoice.paid`, or GitHub's `check-run/completed` operationId.
  const id = asString(op.operation.operationId);
  const path = op.kind === 'webhook' ? (id.includes('/') ? id : op.path).replace(/\./g, '/') : op.path;
  const all = path.split('/').filter((s) => s !== '');
  const result: NamedSegment[] = [];
  all.forEach((text, i) => {
    if (!isParameter(text) && !isVersion(text)) result.push({ text, prefix: `/${all.slice(0, i + 1).join('/')}` });
  });
  return result;
}

/**
 * The naming segments nearly all of the operations share (`MOST`), from the start, at least `depth`
 * long when all of them do: the tag's own resource (`/repos` for GitHub's repos, beside a few
 * `/user/repos`), or a segment named as the tag that most share (`/repos/{o}/{r}/issues` for issues).
 * `named`: those after the tag's own that not all share and its name does not say, which then name
 * its sub-resources.
 */
function majorityPrefix(
  paths: ReadonlyArray<readonly NamedSegment[]>,
  depth: number,
  name: string,
): { prefix: string[]; named: string[] } {
  const prefix: string[] = [];
  const named: string[] = [];
  const own = slugify(singular(name));
  const words = new Set(
    name
      .toLowerCase()
      .split(' ')
      .map((w) => pluralize.singular(w)),
  );
  let members = paths;
  for (;;) {
    const counts = new Map<string, number>();
    for (const segments of members) {
      const text = segments[prefix.length]?.text;
      if (text !== undefined) counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    let best: [string, number] | undefined;
    for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
    if (!best) return { prefix, named };
    const [text, count] = best;
    const all = count === members.length;
    const isOwn = slugify(singular(readable(text))) === own;
    const known = words.has(pluralize.singular(readable(text).toLowerCase()));
    if (prefix.length < depth ? !all : !(count >= members.length * MOST || (isOwn && count > members.length / 2)))
      return { prefix, named };
    // What leads to the tag's own segment is only the way to it (`/repos/{o}/{r}` before `issues`).
    if (isOwn) named.length = 0;
    else if (!all && !known) named.push(text);
    prefix.push(text);
    members = members.filter((segments) => segments[prefix.length - 1]?.text === text);
  }
}

/** `Suggestion categories` → `Suggestion category`, `repos` → `Repo`: the parent as one of its kind. */
function singular(name: string): string {
  const words = name.split(' ');
  const last = words.pop() ?? '';
  const text = [...words, pluralize.singular(last)].join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `Issue` and `issue field values` read `Issue field values`, not `Issue issue field values`. */
function joinName(parent: string, own: string): string {
  const last = parent.split(' ').at(-1)?.toLowerCase() ?? '';
  return own.startsWith(`${last} `) ? `${parent} ${own.slice(last.length + 1)}` : `${parent} ${own}`;
}
