import { decodePointer, getAtPointer, isRecord } from '../sources/pointer.js';

/**
 * A document whose internal `$ref`s each lead straight to what their chain ends at, for the type
 * generator: it follows a chain of `$ref`s recursively and compares each hop with all the hops
 * before it, so a loop or a chain of a few thousand `$ref`s costs it minutes or its stack. A `$ref`
 * in a loop of `$ref`s only describes nothing (validation warns about it) and becomes a schema that
 * says so, typed `unknown`. Types stay the same: `A = B = C` is `A = C`. A copy is made only when a
 * chain is found; the contract's own document is never changed.
 */
export function collapseRefChains(document: Record<string, unknown>): Record<string, unknown> {
  const ends = new Map<string, string | null>();
  const endOf = (ref: string): string | null => {
    const known = ends.get(ref);
    if (known !== undefined) return known;
    // One chain, followed with a path of its own instead of recursion; every hop on it learns the end.
    const path: string[] = [];
    const onPath = new Set<string>();
    let current = ref;
    let end: string | null;
    for (;;) {
      const memo = ends.get(current);
      if (memo !== undefined) {
        end = memo;
        break;
      }
      if (onPath.has(current)) {
        end = null;
        break;
      }
      path.push(current);
      onPath.add(current);
      const segments = current.startsWith('#') ? decodePointer(current) : undefined;
      const target = segments && getAtPointer(document, segments);
      if (!isRecord(target) || typeof target.$ref !== 'string' || !target.$ref.startsWith('#')) {
        end = current;
        break;
      }
      current = target.$ref;
    }
    for (const hop of path) ends.set(hop, end);
    return end;
  };

  const edits: { holder: Record<string, unknown>; end: string | null }[] = [];
  forEachRefHolder(document, (holder) => {
    const ref = holder.$ref as string;
    if (!ref.startsWith('#')) return;
    const end = endOf(ref);
    if (end !== ref) edits.push({ holder, end });
  });
  if (edits.length === 0) return document;
  const holders = new Set(edits.map((e) => e.holder));
  const copy = copyReplacing(document, (node) => {
    if (!holders.has(node)) return undefined;
    const end = ends.get(node.$ref as string) ?? null;
    if (end === null)
      return { description: `Defined only through a loop of $refs (${String(node.$ref)}), so it describes nothing.` };
    return { ...node, $ref: end };
  });
  return copy as Record<string, unknown>;
}

/**
 * The first internal `$ref` that points at nothing, if any. The type generator would report it by
 * printing to the terminal itself before it throws; asked first, it never sees one.
 */
export function brokenInternalRef(document: Record<string, unknown>): string | undefined {
  let broken: string | undefined;
  forEachRefHolder(document, (holder) => {
    const ref = holder.$ref as string;
    if (broken !== undefined || !ref.startsWith('#')) return;
    const segments = decodePointer(ref);
    if (segments === undefined || getAtPointer(document, segments) === undefined) broken = ref;
  });
  return broken;
}

/** Every object with a string `$ref`, skipping example values and `x-` extensions, without recursion. */
function forEachRefHolder(root: unknown, visit: (holder: Record<string, unknown>) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) for (const item of node) stack.push(item);
    else if (isRecord(node)) {
      if (typeof node.$ref === 'string') visit(node);
      for (const [key, value] of Object.entries(node))
        if (typeof value === 'object' && value !== null && !isData(key)) stack.push(value);
    }
  }
}

function isData(key: string): boolean {
  return (
    key === 'example' ||
    key === 'examples' ||
    key === 'default' ||
    key === 'enum' ||
    key === 'const' ||
    key.startsWith('x-')
  );
}

/** A deep copy in which `replace` may substitute a node (return undefined to copy it as it is); iterative. */
function copyReplacing(
  root: unknown,
  replace: (node: Record<string, unknown>) => Record<string, unknown> | undefined,
): unknown {
  const copyOf = (value: unknown): unknown => {
    if (Array.isArray(value)) return [...value];
    if (isRecord(value)) return replace(value) ?? { ...value };
    return value;
  };
  const top = copyOf(root);
  const stack: unknown[] = [top];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string | number, unknown> | unknown[];
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    for (const key of keys) {
      const value = (node as Record<string | number, unknown>)[key];
      if (typeof value !== 'object' || value === null) continue;
      const copied = copyOf(value);
      (node as Record<string | number, unknown>)[key] = copied;
      stack.push(copied);
    }
  }
  return top;
}
