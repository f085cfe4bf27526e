import type { Contract } from '../contracts/validate.js';
import { toJsonSchemaKeywords } from '../contracts/json-schema-dialect.js';
import {
  OPENAPI_ONLY_KEYWORDS,
  SCHEMA_KEYWORDS,
  SCHEMA_LIST_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
} from '../contracts/schema-keywords.js';
import type { Located } from '../contracts/sources.js';
import { encodePointer, isRecord } from '../sources/pointer.js';

/** References to unnamed schemas inlined into one another (a chain) and into one component's file. */
const MAX_INLINE_DEPTH = 32;
const MAX_INLINED = 2000;

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export interface EntitySchemaFile {
  /** The component's name as written in the contract. */
  entity: string;
  /** File name inside the service's schema folder. */
  fileName: string;
  content: string;
}

/**
 * One JSON Schema 2020-12 document per component schema. A `$ref` to another component becomes a
 * relative reference to its file (`Bucket.json`), so the set works from disk and from the `$id` URLs
 * alike; references to anything else are inlined, and a cycle through them becomes a `$ref` to the
 * enclosing file.
 */
export function generateEntitySchemas(contract: Contract, idBase: string): EntitySchemaFile[] {
  const { sources, specVersion } = contract;
  const container = schemaContainer(contract);
  if (!container || !isRecord(container.value)) return [];
  const names = Object.keys(container.value).sort();
  const keyOf = (node: Pick<Located, 'file' | 'segments'>) => `${node.file.path}#${encodePointer(node.segments)}`;
  const fileNames = uniqueFileNames(names);
  const nameByKey = new Map<string, string>();
  for (const name of names) {
    const entry = sources.child(container, name) as Located;
    nameByKey.set(keyOf(entry), name);
    const target = sources.follow(entry);
    if (!nameByKey.has(keyOf(target))) nameByKey.set(keyOf(target), name);
  }

  const budget = { inlined: 0 };
  const refTo = (target: Located, currentFile: string): string | undefined => {
    // The component itself, or a node inside one (`Pet.json#/properties/tag`).
    for (let n = target.segments.length; n >= 0; n--) {
      const name = nameByKey.get(keyOf({ file: target.file, segments: target.segments.slice(0, n) }));
      if (name !== undefined) {
        const file = fileNames.get(name) as string;
        const inner = encodePointer(target.segments.slice(n));
        return `${file === currentFile && inner ? '' : file}${inner ? `#${inner}` : ''}`;
      }
    }
    return undefined;
  };

  const convert = (node: Located, currentFile: string, stack: readonly string[]): unknown => {
    const value = node.value;
    if (!isRecord(value)) return value;
    if (typeof value.$ref === 'string') {
      const resolved = sources.resolve(node.file, value.$ref);
      const siblings =
        specVersion === '3.1' ? convertKeywords({ ...node, value: withoutRef(value) }, currentFile, stack) : {};
      if (!resolved.ok) return { ...siblings, $comment: `unresolved reference ${value.$ref}` };
      const ref = refTo(resolved.target, currentFile);
      if (ref !== undefined) return { $ref: ref, ...siblings };
      const key = keyOf(resolved.target);
      if (stack.includes(key))
        return {
          ...siblings,
          $comment: `recursive reference ${value.$ref} (not expressible without a named component)`,
        };
      // Inlining copies: references fanning out or chaining without end would copy without end.
      if (stack.length > MAX_INLINE_DEPTH || ++budget.inlined > MAX_INLINED)
        return {
          ...siblings,
          $comment: `reference ${value.$ref} not inlined: the schema inlines too many references (more than ${MAX_INLINE_DEPTH} deep or ${MAX_INLINED} in all); make it a named component`,
        };
      const inlined = convert(resolved.target, currentFile, [...stack, key]);
      return isRecord(inlined) ? { ...inlined, ...siblings } : inlined;
    }
    return convertKeywords(node, currentFile, stack);
  };

  const convertKeywords = (node: Located, currentFile: string, stack: readonly string[]): Record<string, unknown> => {
    // A copy: 3.1 schemas come back as they are, and the contract's own document must stay untouched
    // (the reference pages are rendered from it after this).
    const out = { ...toJsonSchemaKeywords(node.value as Record<string, unknown>, specVersion) };
    for (const keyword of OPENAPI_ONLY_KEYWORDS) delete out[keyword];
    const child = (...path: (string | number)[]): Located => {
      let v: unknown = out;
      for (const p of path) v = (v as Record<string | number, unknown>)[p];
      return { file: node.file, segments: [...node.segments, ...path], value: v };
    };
    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const map = out[keyword];
      if (isRecord(map))
        out[keyword] = Object.fromEntries(
          Object.keys(map).map((k) => [k, convert(child(keyword, k), currentFile, stack)]),
        );
    }
    for (const keyword of SCHEMA_LIST_KEYWORDS) {
      const list = out[keyword];
      if (Array.isArray(list)) out[keyword] = list.map((_, i) => convert(child(keyword, i), currentFile, stack));
    }
    for (const keyword of SCHEMA_KEYWORDS) {
      if (isRecord(out[keyword])) out[keyword] = convert(child(keyword), currentFile, stack);
    }
    return out;
  };

  return names.map((name) => {
    budget.inlined = 0;
    const entry = sources.child(container, name) as Located;
    const fileName = fileNames.get(name) as string;
    const body = convert(entry, fileName, [keyOf(sources.follow(entry))]);
    const schema = isRecord(body) ? body : { allOf: [body] };
    const document = {
      $schema: JSON_SCHEMA_DIALECT,
      $id: new URL(fileName, idBase).href,
      title: typeof schema.title === 'string' ? schema.title : name,
      ...withoutKeys(schema, ['$schema', '$id', 'title']),
    };
    return { entity: name, fileName, content: JSON.stringify(document, null, 2) + '\n' };
  });
}

/** The file name of each component's JSON Schema (what `generateEntitySchemas` names them), by component name. */
export function entitySchemaFileNames(contract: Contract): Map<string, string> {
  const container = schemaContainer(contract);
  return uniqueFileNames(container && isRecord(container.value) ? Object.keys(container.value).sort() : []);
}

/** `components/schemas` (`definitions` in 2.0) of the contract's root file. */
function schemaContainer({ sources, specVersion }: Contract): Located | undefined {
  const root: Located = { file: sources.root, segments: [], value: sources.root.data };
  return specVersion === '2.0'
    ? sources.child(root, 'definitions')
    : sources.child(sources.child(root, 'components') ?? root, 'schemas');
}

function withoutRef(value: Record<string, unknown>): Record<string, unknown> {
  return withoutKeys(value, ['$ref']);
}

function withoutKeys(value: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));
}

/** Component names become file names; characters a file system may reject are replaced, clashes numbered. */
function uniqueFileNames(names: readonly string[]): Map<string, string> {
  const taken = new Set<string>();
  const out = new Map<string, string>();
  for (const name of names) {
    const base = name.replace(/[^A-Za-z0-9._-]/g, '_') || '_';
    let candidate = `${base}.json`;
    for (let i = 2; taken.has(candidate.toLowerCase()); i++) candidate = `${base}_${i}.json`;
    taken.add(candidate.toLowerCase());
    out.set(name, candidate);
  }
  return out;
}
