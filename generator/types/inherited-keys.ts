import { isRecord, type Segment } from '../sources/pointer.js';

/**
 * Names every plain object inherits (`constructor`, `valueOf`, `__proto__`…). The type generator
 * and the resolver under it look contract keys up in plain objects (`types[name]`), so a schema or
 * property with one of these names makes them call `Object.prototype.valueOf` as if it were a type,
 * and the process dies.
 */
const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

export interface AliasedDocument {
  document: Record<string, unknown>;
  /** Puts the real names back into the generated text. */
  restore(text: string): string;
}

/**
 * The document with every inherited name, as a key and where a string names a key (`$ref`
 * pointers, `required`, discriminators), replaced by a placeholder that is a plain identifier and
 * appears nowhere in the contract; the generated text is given the real names back. The document
 * is returned as it is (no copy) when it has no such name, which is nearly always.
 */
export function aliasInheritedKeys(document: Record<string, unknown>): AliasedDocument {
  const keys = collectKeys(document);
  if (![...INHERITED].some((name) => keys.has(name))) return { document, restore: (text) => text };
  let prefix = 'specsite_inherited_';
  while ([...keys].some((key) => key.includes(prefix))) prefix = `x${prefix}`;
  const alias = (name: string): string =>
    INHERITED.has(name) ? `${prefix}${name.replace(/_/g, 'U')}_${name.length}` : name;
  const aliasPointer = (ref: string): string => {
    const hash = ref.indexOf('#');
    if (hash === -1) return ref;
    const segments = ref
      .slice(hash + 1)
      .split('/')
      .map((s) => encodeSegment(alias(decodeSegment(s))));
    return `${ref.slice(0, hash + 1)}${segments.join('/')}`;
  };
  const rewrite = (value: unknown, key: string | undefined): unknown => {
    if (Array.isArray(value))
      return value.map((item) =>
        key === 'required' && typeof item === 'string' ? alias(item) : rewrite(item, undefined),
      );
    if (!isRecord(value)) return value;
    // No key of `out` is an inherited name any more, so a plain object takes them as they are.
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out[k] = aliasPointer(v);
      else if (k === 'propertyName' && typeof v === 'string') out[k] = alias(v);
      else if (k === 'mapping' && isRecord(v))
        out[k] = Object.fromEntries(
          Object.entries(v).map(([m, target]) => [
            alias(m),
            typeof target === 'string' ? (target.includes('#') ? aliasPointer(target) : alias(target)) : target,
          ]),
        );
      else out[alias(k)] = rewrite(v, k);
    }
    return out;
  };
  const names = [...INHERITED].filter((name) => keys.has(name));
  return {
    document: rewrite(document, undefined) as Record<string, unknown>,
    restore: (text) => names.reduce((t, name) => t.split(alias(name)).join(name), text),
  };
}

/**
 * Where the first inherited name is used as a key in `root`, or undefined. For contracts that span
 * several files, which the type generator reads from disk itself and which cannot be given
 * placeholders; found without recursion.
 */
export function firstInheritedKey(root: unknown): Segment[] | undefined {
  const stack: { value: unknown; path: Segment[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: Segment[] };
    if (Array.isArray(value))
      value.forEach(
        (item, i) => typeof item === 'object' && item !== null && stack.push({ value: item, path: [...path, i] }),
      );
    else if (isRecord(value)) {
      for (const key of Object.keys(value)) {
        if (INHERITED.has(key)) return [...path, key];
        const child = value[key];
        if (typeof child === 'object' && child !== null) stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/** Every key of every object in the document: one pass, without recursion. */
function collectKeys(root: unknown): Set<string> {
  const keys = new Set<string>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === 'object' && item !== null) stack.push(item);
    } else if (isRecord(node)) {
      for (const key of Object.keys(node)) {
        keys.add(key);
        const value = node[key];
        if (typeof value === 'object' && value !== null) stack.push(value);
      }
    }
  }
  return keys;
}

function decodeSegment(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function encodeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
