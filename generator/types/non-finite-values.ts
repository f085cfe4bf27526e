import { isRecord } from '../sources/pointer.js';

/** Whether a schema's `enum` or `const` holds a number no JSON text can carry (YAML's `.inf`, `.nan`, `1e999`). */
function holdsNonFinite(node: Record<string, unknown>): boolean {
  return (
    (Array.isArray(node.enum) && node.enum.some(nonFinite)) || (Object.hasOwn(node, 'const') && nonFinite(node.const))
  );
}

function nonFinite(value: unknown): boolean {
  return typeof value === 'number' && !Number.isFinite(value);
}

function walk(document: unknown, visit: (node: Record<string, unknown>) => void): void {
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === 'object' && item !== null) stack.push(item);
    } else if (isRecord(node)) {
      visit(node);
      for (const key in node) {
        const value = node[key];
        if (typeof value === 'object' && value !== null) stack.push(value);
      }
    }
  }
}

/**
 * The document without the values of `enum` and `const` that are not finite numbers: openapi-typescript
 * prints them as `NaN`, `Infinity` and `-Infinity`, which are not types (the last not even TypeScript),
 * and no JSON payload can hold them anyway, so the type is what can be sent. A copy is made only when
 * there is one; the contract's own document is never changed.
 */
export function withoutNonFiniteValues(document: Record<string, unknown>): Record<string, unknown> {
  let found = false;
  walk(document, (node) => {
    found ||= holdsNonFinite(node);
  });
  if (!found) return document;
  const copy = structuredClone(document);
  walk(copy, (node) => {
    if (!holdsNonFinite(node)) return;
    if (Array.isArray(node.enum)) node.enum = node.enum.filter((value) => !nonFinite(value));
    if (nonFinite(node.const)) delete node.const;
  });
  return copy;
}
