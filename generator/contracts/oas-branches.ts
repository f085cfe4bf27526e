import type { ErrorObject } from 'ajv';
import { decodePointer, getAtPointer, isRecord } from '../sources/pointer.js';
import { compileOasSchema } from './oas-schema.js';
import type { SpecVersion } from './spec-version.js';

/** An Ajv error with the part of the OpenAPI schema it came from: a definition, or one branch of an inline `oneOf`/`anyOf`. */
export interface OwnedError extends ErrorObject {
  owner: string;
}

interface Explainer {
  validate: (api: unknown) => boolean;
  errors: () => ErrorObject[];
  owners: Map<object, string>;
  /** Each owner's schema: the definition, or the branch. */
  schemas: Map<string, Record<string, unknown>>;
  /** Per field, every value some branch is told apart by (`in: path`, `type: oauth2`). */
  tags: Map<string, Set<unknown>>;
  /** Owners that describe a Reference Object (they require `$ref`). */
  references: Set<string>;
}

const GENERIC = new Set(['oneOf', 'anyOf', 'if', 'not', '$ref', 'then', 'else']);

const explainers = new Map<SpecVersion, Explainer>();

/**
 * The OpenAPI schema's errors for a document already known to be invalid, each with its owner. The
 * fast validator (oas-schema.ts) says whether a document is valid; this one, compiled with `verbose`
 * only when one is not, says which part of the schema each error comes from, so that of a failed
 * `oneOf` (Parameter or Reference, path or query parameter) only the branch the author meant speaks.
 */
export function ownedOasErrors(version: SpecVersion, api: unknown): OwnedError[] {
  let explainer = explainers.get(version);
  if (!explainer) {
    explainer = explain(version);
    explainers.set(version, explainer);
  }
  explainer.validate(api);
  const { owners, schemas, tags, references } = explainer;
  return chooseBranches(
    explainer.errors().map((e) => ({ ...e, owner: owners.get(e.parentSchema as object) ?? '' })),
    api,
    { schemas, tags, references },
  );
}

function explain(version: SpecVersion): Explainer {
  const { validate } = compileOasSchema(version, {}, { verbose: true });
  const owners = new Map<object, string>();
  const schemas = new Map<string, Record<string, unknown>>();
  const tags = new Map<string, Set<unknown>>();
  const references = new Set<string>();
  // Iterative: the schema is small, but nothing here should recurse on input-shaped data either.
  const stack: { node: unknown; owner: string }[] = [{ node: validate.schema, owner: '#' }];
  while (stack.length > 0) {
    const { node, owner } = stack.pop() as (typeof stack)[number];
    if (typeof node !== 'object' || node === null || owners.has(node)) continue;
    owners.set(node, owner);
    if (!schemas.has(owner) && isRecord(node)) schemas.set(owner, node);
    if (isRecord(node) && isRecord(node.properties))
      for (const [field, property] of Object.entries(node.properties)) {
        const value = tagOf(property);
        if (value !== undefined) tags.set(field, (tags.get(field) ?? new Set()).add(value));
      }
    if (isRecord(node) && Array.isArray(node.required) && node.required.includes('$ref')) references.add(owner);
    for (const [key, value] of Object.entries(node)) {
      if ((key === 'definitions' || key === '$defs') && isRecord(value))
        for (const [name, definition] of Object.entries(value))
          stack.push({ node: definition, owner: `${owner}/${key}/${name}` });
      else if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value))
        value.forEach((branch, i) => stack.push({ node: branch, owner: `${owner}/${key}/${i}` }));
      else stack.push({ node: value, owner });
    }
  }
  return {
    validate: (api) => validate(api) as boolean,
    errors: () => [...(validate.errors ?? [])],
    owners,
    schemas,
    tags,
    references,
  };
}

/**
 * Of the branches of a union that all failed, the errors of the branch the object is meant as:
 * - an object without `$ref` is not meant as a Reference Object;
 * - where branches are told apart by one field (`in`, `type`), each failing on it with its one
 *   allowed value, the branch whose value the object has (failing on something else) is meant; when
 *   none has it, the field itself is wrong, and its errors become one, listing every allowed value.
 */
export function chooseBranches(
  errors: OwnedError[],
  api: unknown,
  { schemas, tags, references }: Pick<Explainer, 'schemas' | 'tags' | 'references'>,
): OwnedError[] {
  const valueAt = (path: string) => getAtPointer(api, decodePointer(path) ?? []);
  // `example` beside `examples` is `example-exclusive`'s to say; the unions it made fail say nothing more.
  const covered = new Set(errors.filter(saidByExampleRule).flatMap((e) => ancestors(e.instancePath)));
  const kept = errors.filter((e) => {
    if (saidByExampleRule(e)) return false;
    if (GENERIC.has(e.keyword) && covered.has(e.instancePath)) return false;
    if (!references.has(e.owner)) return true;
    const value = valueAt(objectPath(e));
    return isRecord(value) && '$ref' in value;
  });
  // Each object's errors are judged together; indexed, so that a document with many errors costs them once each.
  const byObject = new Map<string, OwnedError[]>();
  for (const e of kept) {
    const list = byObject.get(objectPath(e));
    if (list) list.push(e);
    else byObject.set(objectPath(e), [e]);
  }
  return [...byObject].flatMap(([path, list]) => chooseForObject(path, list, valueAt, { schemas, tags }));
}

/** One object's errors, once the tags of the unions it failed have said which branch it is meant as. */
function chooseForObject(
  path: string,
  errors: OwnedError[],
  valueAt: (path: string) => unknown,
  { schemas, tags: known }: Pick<Explainer, 'schemas' | 'tags'>,
): OwnedError[] {
  let kept = errors;
  for (const [field, tags] of groupTags(errors)) {
    const owners = new Set(tags.map((t) => t.owner));
    const value = valueAt(`${path}/${escape(field)}`);
    // One tag alone is a union's tag only when another branch failed on the same object without it.
    const single = owners.size === 1 && typeof allowed(tags[0] as OwnedError)[0] === 'string';
    if (owners.size < 2 && !single) continue;
    // Meant as another branch: one that failed on something else and takes this value, or (its errors
    // being deeper, as an OAuth2 scheme's in its flows) one told apart by this very value.
    const meant =
      (owners.size > 1 && known.get(field)?.has(value) === true) ||
      kept.some(
        (e) => !owners.has(e.owner) && !GENERIC.has(e.keyword) && accepts(schemas.get(e.owner), field, value, single),
      );
    if (single && !meant) continue;
    kept = kept.filter((e) => !owners.has(e.owner));
    if (!meant)
      kept.push({ ...(tags[0] as OwnedError), params: { allowedValues: [...new Set(tags.flatMap(allowed))] } });
  }
  return missingOneOf(kept);
}

/**
 * "needs `schema` or `content`": each branch of a union missing its own field is one mistake, the
 * fields the branches asked for said together (`params.missingOneOf`).
 */
function missingOneOf(errors: OwnedError[]): OwnedError[] {
  const byUnion = new Map<string, OwnedError[]>();
  for (const e of errors) {
    const union = e.keyword === 'required' ? /^(.*\/(?:oneOf|anyOf))\/\d+$/.exec(e.owner)?.[1] : undefined;
    if (union === undefined) continue;
    const list = byUnion.get(union);
    if (list) list.push(e);
    else byUnion.set(union, [e]);
  }
  let out = errors;
  for (const list of byUnion.values()) {
    if (new Set(list.map((e) => e.owner)).size < 2) continue;
    const fields = [...new Set(list.map((e) => String((e.params as { missingProperty: unknown }).missingProperty)))];
    out = out.filter((e) => !list.includes(e));
    out.push({ ...(list[0] as OwnedError), params: { missingOneOf: fields } });
  }
  return out;
}

/** The object an error is about: an `enum`/`const` error is about a field, of the object that holds it. */
function objectPath(e: ErrorObject): string {
  return e.keyword === 'enum' || e.keyword === 'const' ? parentPath(e) : e.instancePath;
}

/** A pointer and each pointer above it. */
function ancestors(path: string): string[] {
  const out = [path];
  for (let rest = path; rest !== '';) {
    rest = rest.slice(0, rest.lastIndexOf('/'));
    out.push(rest);
  }
  return out;
}

/** The schemas' "not both `example` and `examples`", which the `example-exclusive` rule reports where it is written. */
function saidByExampleRule(e: ErrorObject): boolean {
  const not = e.schema as { required?: unknown } | undefined;
  return (
    e.keyword === 'not' &&
    Array.isArray(not?.required) &&
    not.required.includes('example') &&
    not.required.includes('examples')
  );
}

/** An object's single-valued `enum`/`const` errors, by the field they are about: the tags of a union's branches. */
function groupTags(errors: OwnedError[]): Map<string, OwnedError[]> {
  const out = new Map<string, OwnedError[]>();
  for (const e of errors) {
    if ((e.keyword !== 'enum' && e.keyword !== 'const') || allowed(e).length !== 1) continue;
    const field = lastSegment(e.instancePath);
    const list = out.get(field);
    if (list) list.push(e);
    else out.set(field, [e]);
  }
  return out;
}

/**
 * Whether a branch's schema allows `value` in `field` (its `enum` or `const` there says so); with
 * `loose`, also when it says nothing about the field (Swagger 2.0's non-body parameter leaves `in` to its own branches).
 */
function accepts(schema: Record<string, unknown> | undefined, field: string, value: unknown, loose: boolean): boolean {
  const property = isRecord(schema?.properties) ? schema.properties[field] : undefined;
  if (!isRecord(property)) return loose;
  if (Array.isArray(property.enum)) return property.enum.includes(value);
  if ('const' in property) return property.const === value;
  return loose;
}

/** The one value a property schema allows (`enum: [path]`, `const: true`), if it allows only one. */
function tagOf(property: unknown): unknown {
  if (!isRecord(property)) return undefined;
  if (Array.isArray(property.enum) && property.enum.length === 1) return property.enum[0];
  return 'const' in property ? property.const : undefined;
}

function allowed(e: ErrorObject): unknown[] {
  const params = e.params as { allowedValues?: unknown[]; allowedValue?: unknown };
  return e.keyword === 'const' ? [params.allowedValue] : (params.allowedValues ?? []);
}

function parentPath(e: ErrorObject): string {
  return e.instancePath.slice(0, e.instancePath.lastIndexOf('/'));
}

function lastSegment(path: string): string {
  return path
    .slice(path.lastIndexOf('/') + 1)
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
