import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { pathToFileURL } from 'node:url';
import { decodePointer, encodePointer, getAtPointer, isRecord } from '../sources/pointer.js';
import { printValue } from '../diagnostics/print-value.js';
import { toJsonSchemaKeywords } from './json-schema-dialect.js';
import { ajvKnows, EXAMPLE_VALIDATION } from './ajv-options.js';
import { validationKey } from './validation-key.js';
import { CertainValidity, type RefTarget } from './certain-validity.js';
import { refKind, splitRef, type ContractSources, type Located } from './sources.js';
import type { SourceFile } from '../sources/source-file.js';
import type { SpecVersion } from './spec-version.js';

// ajv-formats is CommonJS with a default export; under NodeNext the namespace object arrives.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

/** `missingRef`: it failed on a `$ref` that leads nowhere (Ajv's MissingRefError). */
export type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; message: string; missingRef: boolean };

/**
 * One Ajv instance per contract holding every file of it, so a schema's `$ref`s resolve exactly as in
 * the document. 3.0/2.0 files are added as copies whose schema keywords were rewritten to 2020-12.
 *
 * Compiling is most of the rule's time (GitHub's description has 6,600 schemas with examples), and
 * most of those schemas repeat one another but for their descriptions and examples: a validator is
 * shared by the schemas of one file that are the same once those annotations are left out.
 */
export class SchemaValidators {
  private readonly ajv: Ajv2020;
  private readonly byPointer = new Map<string, Compiled>();
  private readonly byContent = new Map<string, Compiled>();
  private readonly uris = new Map<string, string>();
  private readonly documents = new Map<string, unknown>();
  /** Files where a schema sets `$id`: a node's `$ref`s then depend on where it stands, not only on what it says. */
  private readonly scoped = new Set<string>();
  /** Files given to Ajv one level down (`nestedFiles`). */
  private readonly nested: ReadonlySet<string>;
  /** Files whose document here had its `$ref`s pointed one level down (`nestedDocument` on this class's own copy). */
  private readonly rewritten = new Set<string>();
  private readonly certain: CertainValidity;
  private readonly targets = new Map<string, RefTarget>();

  constructor(sources: ContractSources, version: SpecVersion, schemas: readonly Located<Record<string, unknown>>[]) {
    // Each validator checks a few examples once: compiling fast matters more than validating fast.
    // Ajv's code optimisation and inlined refs cost more than they save here (GitHub's description:
    // 14.2 s → 10.6 s for `validate`, the same findings).
    this.ajv = new Ajv2020({ ...EXAMPLE_VALIDATION, inlineRefs: false });
    addFormats(this.ajv);
    const dialect = version === '3.1' ? undefined : convertedCopies(sources, version, schemas);
    for (const schema of schemas) if ('$id' in schema.value) this.scoped.add(schema.file.path);
    const nested = nestedFiles(sources, schemas, this.scoped);
    for (const file of sources.files.values()) {
      const uri = pathToFileURL(file.path).href;
      const document = dialect?.get(file.path) ?? file.data;
      this.uris.set(file.path, uri);
      this.documents.set(file.path, document);
      // A converted copy is this class's own, and is nested in place; the file's own data is copied first.
      const own = dialect?.has(file.path) === true;
      if (own && nested.size > 0) this.rewritten.add(file.path);
      this.ajv.addSchema(nested.size === 0 ? (document as object) : nestedDocument(file, document, nested, own), uri);
    }
    this.nested = nested;
    const ajv = this.ajv;
    this.certain = new CertainValidity((keyword) => ajvKnows(ajv, keyword));
  }

  /**
   * True when the value is certainly valid against the schema as Ajv would find it, told without
   * compiling (see CertainValidity); false means only "ask Ajv" (`get`). Files with `$id`s are left to Ajv.
   */
  certainlyValid(schema: Located, value: unknown): boolean {
    const path = schema.file.path;
    if (this.scoped.has(path)) return false;
    const document = this.documents.get(path);
    if (!isRecord(document) || !plainPath(document, schema.segments)) return false;
    return this.certain.valid(getAtPointer(document, schema.segments), value, this.target(path));
  }

  /** The schema a `$ref` in the file names in this class's document of it, when it is certainly the one Ajv resolves. */
  private target(path: string): RefTarget {
    let target = this.targets.get(path);
    if (target) return target;
    const document = this.documents.get(path);
    const prefixed = this.rewritten.has(path) && this.nested.has(path);
    const found = new Map<string, Record<string, unknown> | boolean | undefined>();
    target = (ref: string) => {
      if (found.has(ref)) return found.get(ref);
      let segments = ref.startsWith('#/') && !ref.includes('%') ? decodePointer(ref) : undefined;
      if (segments && prefixed)
        segments = segments[0] === NESTED[0] && segments[1] === NESTED[1] ? segments.slice(2) : undefined;
      const value =
        segments && isRecord(document) && plainPath(document, segments) ? getAtPointer(document, segments) : undefined;
      const schema = isRecord(value) || typeof value === 'boolean' ? value : undefined;
      found.set(ref, schema);
      return schema;
    };
    this.targets.set(path, target);
    return target;
  }

  private compileProblem(schema: Located, error: Error): string {
    const node = getAtPointer(this.documents.get(schema.file.path), schema.segments);
    return compileMessage(this.ajv, node, error);
  }

  get(schema: Located): Compiled {
    const prefix = this.nested.has(schema.file.path) ? NESTED : [];
    const ref = `${this.uris.get(schema.file.path)}#${encodeURI(encodePointer([...prefix, ...schema.segments]))}`;
    let compiled = this.byPointer.get(ref);
    if (compiled) return compiled;
    const content = this.scoped.has(schema.file.path)
      ? undefined
      : `${schema.file.path}\0${validationKey(getAtPointer(this.documents.get(schema.file.path), schema.segments))}`;
    compiled = content === undefined ? undefined : this.byContent.get(content);
    if (!compiled) {
      try {
        compiled = { ok: true, validate: this.ajv.compile({ $ref: ref }) };
      } catch (error) {
        compiled = {
          ok: false,
          message: this.compileProblem(schema, error as Error),
          missingRef: 'missingRef' in (error as object),
        };
      }
      if (content !== undefined) this.byContent.set(content, compiled);
    }
    this.byPointer.set(ref, compiled);
    return compiled;
  }
}

/** Whether no object on the way to the pointer's end (but the end) sets an `$id`, which would move where Ajv resolves it. */
function plainPath(document: Record<string, unknown>, segments: readonly (string | number)[]): boolean {
  let node: unknown = document;
  for (const segment of segments) {
    if (isRecord(node) && typeof node.$id === 'string') return false;
    node = getAtPointer(node, [segment]);
  }
  return true;
}

/** Where the meta-schema is available, what it finds wrong in the schema; else Ajv's message, values printed. */
function compileMessage(ajv: Ajv2020, schema: unknown, error: Error): string {
  const message = error.message.split('\n')[0] ?? 'unknown error';
  if (!message.includes('[object ')) return message;
  const valid = isRecord(schema) ? ajv.validateSchema(schema) : true;
  const first =
    valid === true
      ? undefined
      : ajv.errors?.find((e) => !['anyOf', 'oneOf', '$ref', '$dynamicRef'].includes(e.keyword));
  if (!first) return message.replace(/\[object \w+\]/g, 'a value of the wrong kind');
  const path = decodePointer(first.instancePath) ?? [];
  const value = getAtPointer(schema, path);
  const at = path.length > 0 ? `\`${path.join('.')}\`` : 'the schema';
  return `${at} (${printValue(value)}) ${first.message ?? 'is invalid'}`;
}

/** Copies of each file where every schema object is rewritten in place (same pointers) to 2020-12 keywords. */
function convertedCopies(
  sources: ContractSources,
  version: SpecVersion,
  schemas: readonly Located<Record<string, unknown>>[],
): Map<string, unknown> {
  const copies = new Map<string, unknown>();
  for (const file of sources.files.values()) copies.set(file.path, structuredClone(file.data));
  // Deepest first, so rewriting a parent never moves a child that is still to be rewritten.
  const ordered = [...schemas].sort((a, b) => b.segments.length - a.segments.length);
  for (const schema of ordered) {
    const copy = copies.get(schema.file.path);
    const parent = schema.segments.length === 0 ? undefined : getAtPointer(copy, schema.segments.slice(0, -1));
    const node = getAtPointer(copy, schema.segments);
    if (!isRecord(node)) continue;
    const converted = toJsonSchemaKeywords(node, version);
    // A Swagger 2.0 non-body parameter is read as a schema; its `required: true` is the parameter's, not a schema's list.
    if (version === '2.0' && typeof converted.required === 'boolean') delete converted.required;
    if (parent === undefined) copies.set(schema.file.path, converted);
    else (parent as Record<string | number, unknown>)[schema.segments.at(-1) as string | number] = converted;
  }
  return copies;
}

export function describeError(error: ErrorObject): string {
  const at = error.instancePath === '' ? 'the value' : `\`${error.instancePath.slice(1).replace(/\//g, '.')}\``;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${at} is missing required property "${printValue(params.missingProperty)}"`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return `${at} has unexpected property "${printValue(params.additionalProperty ?? params.unevaluatedProperty)}"`;
    case 'enum':
      return `${at} must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${at} ${error.message ?? 'is invalid'}`;
  }
}

/** Where a nested file's content sits in what Ajv is given. */
const NESTED = ['$defs', 'file'];

/**
 * Files whose root is no schema (an OpenAPI document, a file of parameters): Ajv compiles the root
 * of every file a `$ref` points into, and such a root read as a schema fails (`required: false`, a
 * parameter named `type`), taking every schema of the file with it. They are given to Ajv under
 * `$defs`, which Ajv compiles only where referenced. Files where a schema sets `$id` stay as they
 * are: their `$ref`s resolve against those ids, not only against the file.
 */
function nestedFiles(
  sources: ContractSources,
  schemas: readonly Located<Record<string, unknown>>[],
  scoped: ReadonlySet<string>,
): Set<string> {
  const roots = new Set(schemas.filter((s) => s.segments.length === 0).map((s) => s.file.path));
  return new Set([...sources.files.keys()].filter((path) => !roots.has(path) && !scoped.has(path)));
}

/**
 * The file as Ajv is given it: its `$ref`s into nested files pointed one level down, and itself
 * nested when it is one of them. Values that are data (`enum`, `const`) are left as they are.
 * `own`: the document is a copy made for this class, rewritten in place (GitHub's: one copy of
 * 13 MB fewer); the refs `get` then reads are rewritten alike, so equal schemas stay equal.
 */
function nestedDocument(file: SourceFile, document: unknown, nested: ReadonlySet<string>, own: boolean): object {
  const copy = own ? document : structuredClone(document);
  const stack: unknown[] = [copy];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...(node as unknown[]));
    else if (isRecord(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') node.$ref = nestedRef(file, value, nested);
        else if (key !== 'enum' && key !== 'const' && typeof value === 'object' && value !== null) stack.push(value);
      }
    }
  }
  return nested.has(file.path) ? { $defs: { file: copy } } : (copy as object);
}

function nestedRef(file: SourceFile, ref: string, nested: ReadonlySet<string>): string {
  const { url, fragment } = splitRef(ref);
  const target = refKind(file, ref);
  const path = target.kind === 'local' ? file.path : target.kind === 'file' ? target.path : undefined;
  if (path === undefined || !nested.has(path)) return ref;
  if (fragment === '' || fragment === '#') return `${url}#${encodePointer(NESTED)}`;
  return fragment.startsWith('#/') ? `${url}#${encodePointer(NESTED)}${fragment.slice(1)}` : ref;
}
