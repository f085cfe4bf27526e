import SwaggerParser from '@apidevtools/swagger-parser';
import type { ErrorObject } from 'ajv';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { decodePointer, encodePointer, isRecord, type Segment } from '../sources/pointer.js';
import { printValue } from '../diagnostics/print-value.js';
import { expandsBeyond } from './expanded-size.js';
import { emptyBrokenRefs, underBrokenRef } from './broken-refs.js';
import { ownedOasErrors } from './oas-branches.js';
import { oasSchemaErrors } from './oas-schema.js';
import { enumMessage } from './enum-message.js';
import { refParserPath, refParserResolve } from './project-refs.js';
import { rememberPointerKeys } from './ref-parser-pointers.js';
import { refSiblingProblems, withoutRefSiblings } from './ref-siblings.js';
import { oasSchema } from './rules/oas-schema.js';
import type { ContractSources } from './sources.js';
import type { SpecVersion } from './spec-version.js';

export const STRUCTURE_RULE = oasSchema.id;

/**
 * Dereferences a contract with swagger-parser, validates it against the official OpenAPI/Swagger
 * JSON Schema as swagger-parser's `validate` does (oas-schema.ts), and maps each failure back to
 * the file and line where the offending node is written. A broken `$ref` does not stop the check:
 * it stands empty in the copy checked (broken-refs.ts), and everything else is checked as written.
 */
export async function validateStructure(sources: ContractSources, version: SpecVersion): Promise<Diagnostic[]> {
  // swagger-parser dereferences in place; it gets its own copies so the contract keeps its $ref graph.
  const copies = withoutRefSiblings(sources);
  const broken = emptyBrokenRefs(sources, copies);
  const copy = copies.get(sources.root.path) as Record<string, unknown>;
  const found = preChecks(sources, version, copy);
  if (expandsBeyond(sources, MAX_DEREFERENCED_NODES)) return [...found, ...undereferenced(sources, version)];
  rememberPointerKeys();
  const parser = new SwaggerParser();
  let dereferenced: unknown;
  try {
    // Circular $refs stay $refs, as in swagger-parser's own `validate`, so the schema check ends.
    // Its readers are replaced: it reads inside the project only, and never the network.
    dereferenced = await parser.dereference(
      sources.root.path,
      copy as never,
      {
        resolve: readingCopies(refParserResolve(sources.project), copies),
        dereference: { circular: 'ignore' },
      } as never,
    );
  } catch (error) {
    if (error instanceof RangeError) return [...found, ...undereferenced(sources, version)];
    const here = sources.locate({ file: sources.root, segments: [] });
    return [
      ...found,
      {
        ...here,
        severity: 'error',
        rule: STRUCTURE_RULE,
        message: (error as Error).message.split('\n')[0] ?? 'invalid document',
      },
    ];
  }
  let errors: ErrorObject[];
  try {
    errors = oasSchemaErrors(version, dereferenced);
    // Only an invalid document pays for the second pass that tells a union's branches apart.
    if (errors.length > 0) errors = ownedOasErrors(version, dereferenced);
  } catch (error) {
    if (error instanceof RangeError) return [...found, ...undereferenced(sources, version)];
    throw error;
  }
  return errors.length > 0 ? [...found, ...ajvErrorsToDiagnostics(sources, errors, dereferenced, broken)] : found;
}

/**
 * Nodes of the dereferenced document, counted as a tree: swagger-parser shares one object per target,
 * but it and the schema check walk it as a tree, so `$ref`s fanning out level after level would take
 * them years. Past this, the root file is checked as written. GitHub's description, the largest we know, has about 600,000. */
const MAX_DEREFERENCED_NODES = 5_000_000;

/**
 * swagger-parser's resolver, reading the files of the contract from `copies` (parsed already, and
 * prepared for the check) and any other file as before, which refuses what lies outside the project.
 */
function readingCopies(resolve: Record<string, unknown>, copies: Map<string, unknown>): Record<string, unknown> {
  const file = resolve.file as { read: (file: { url: string }) => Promise<unknown> };
  return {
    ...resolve,
    file: {
      ...file,
      read: (target: { url: string }) => {
        const path = refParserPath(target.url);
        const copy = path === undefined ? undefined : copies.get(path);
        return copy === undefined ? file.read(target) : Promise.resolve(copy);
      },
    },
  };
}

/**
 * A contract whose `$ref`s chain too deeply for swagger-parser (it recurses; a loop of a thousand
 * schemas through properties is enough): the root file is checked as written, `$ref`s being
 * Reference Objects, which the OpenAPI schema accepts wherever one may stand. Only the content of
 * other files is then left unchecked, and that is said.
 */
function undereferenced(sources: ContractSources, version: SpecVersion): Diagnostic[] {
  // Fresh copies: swagger-parser may have given up half way through dereferencing the others.
  const copies = withoutRefSiblings(sources);
  const copy = copies.get(sources.root.path) as Record<string, unknown>;
  const broken = emptyBrokenRefs(sources, copies);
  preChecks(sources, version, copy);
  let errors = oasSchemaErrors(version, copy);
  if (errors.length > 0) errors = ownedOasErrors(version, copy);
  const out = ajvErrorsToDiagnostics(sources, errors, copy, broken);
  if (sources.files.size > 1) {
    const here = sources.locate({ file: sources.root, segments: [] });
    out.push({
      ...here,
      severity: 'warning',
      rule: STRUCTURE_RULE,
      message:
        'the $refs of this contract chain too deeply or fan out too widely to check the files they lead to against the OpenAPI schema; only this file was checked',
    });
  }
  return out;
}

/**
 * swagger-parser refuses some documents before validating them, with one unlocated message: a numeric
 * `info.version`, a 3.0 document without `paths`, and a 3.1 document without `paths` or `webhooks`
 * (which 3.1 allows when it has `components`). Those are reported here with their position, and the
 * copy is mended so the schema validation still reports everything else.
 */
function preChecks(sources: ContractSources, version: SpecVersion, copy: Record<string, unknown>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const problem = (segments: Segment[], message: string): Diagnostic => ({
    ...sources.locate({ file: sources.root, segments }),
    severity: 'error',
    rule: STRUCTURE_RULE,
    message,
  });
  const info = copy.info;
  if (isRecord(info) && typeof info.version === 'number') {
    out.push(
      problem(['info', 'version'], `\`info.version\` must be a string like "1.0.0", not a number (quote it in YAML)`),
    );
    info.version = String(info.version);
  }
  if (version === '3.1' && !('paths' in copy) && !('webhooks' in copy)) {
    if (!('components' in copy))
      out.push(problem([], 'an OpenAPI 3.1 document needs at least one of `paths`, `components` or `webhooks`'));
    copy.paths = {};
  }
  if (version === '3.0' && !('paths' in copy)) {
    out.push(problem([], 'the document is missing the required field "paths"'));
    copy.paths = {};
  }
  // The copies are checked without what stands beside a `$ref` (ref-siblings.ts); 3.1 gives two of those a type.
  if (version === '3.1')
    for (const { site, key } of refSiblingProblems(sources)) {
      const segments = [...site.segments, key];
      const where = sources.locate({ file: site.file, segments });
      out.push({
        file: where.file,
        ...site.file.locate(segments),
        severity: 'error',
        rule: STRUCTURE_RULE,
        message: `\`${key}\` beside a \`$ref\` must be a string`,
        pointer: where.pointer,
      });
    }
  return out;
}

/**
 * One diagnostic per problem, where it is written: the dereferenced document repeats a node at every
 * place that `$ref`s it, and each copy fails alike, so the copies' errors are reported once, named by
 * the written path (not the path of whichever copy the validator came to).
 */
function ajvErrorsToDiagnostics(
  sources: ContractSources,
  errors: ErrorObject[],
  checked: unknown,
  broken: Set<string>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const error of mostSpecific(errors)) {
    const path = arrayIndexes(checked, decodePointer(error.instancePath) ?? []);
    const written = sources.follow(sources.mapDereferenced(path));
    if (underBrokenRef(broken, written)) continue;
    const { extra, message, target } = describe(error, written.segments, path, checked);
    const node =
      extra === undefined
        ? written
        : (sources.child(written, extra) ?? { ...written, segments: [...written.segments, extra] });
    const key = `${node.file.path}#${encodePointer(node.segments)}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      file: node.file.display,
      ...node.file.locate(node.segments, target),
      severity: 'error',
      rule: STRUCTURE_RULE,
      message,
      pointer: sources.locate(node).pointer,
    });
  }
  return out;
}

/** A pointer's segments with each array index a number, as the JSON locator tells them from keys. */
function arrayIndexes(root: unknown, segments: string[]): Segment[] {
  let node = root;
  return segments.map((segment) => {
    const index = Array.isArray(node) && /^\d+$/.test(segment) ? Number(segment) : segment;
    node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
    return index;
  });
}

/**
 * `oneOf`/`anyOf` in the OpenAPI schema make Ajv report every branch that failed; the branch meant
 * was chosen already (oas-branches.ts). Of what is left, the errors at the deepest paths say what
 * is wrong, so errors on an ancestor of another error are dropped (an `items` that is an object with
 * errors inside is not "must be an array"), but for a missing or unknown field, which is the
 * ancestor's own; and the generic "must match a schema in ..." lines go where a specific one exists.
 */
function mostSpecific(errors: ErrorObject[]): ErrorObject[] {
  const generic = new Set(['oneOf', 'anyOf', 'if', 'not', '$ref', 'then', 'else']);
  const own = new Set(['required', 'additionalProperties', 'unevaluatedProperties']);
  // Every path that has an error below it, found once (a document with many errors must not cost their square).
  const above = new Set<string>();
  for (const e of errors)
    for (let at = e.instancePath.lastIndexOf('/'); at >= 0; at = e.instancePath.lastIndexOf('/', at - 1)) {
      const parent = e.instancePath.slice(0, at);
      if (above.has(parent)) break;
      above.add(parent);
      if (at === 0) break;
    }
  const kept = errors.filter((e) => own.has(e.keyword) || !above.has(e.instancePath));
  const specific = kept.filter((e) => !generic.has(e.keyword));
  const byPath = new Map<string, ErrorObject[]>();
  for (const e of specific.length > 0 ? specific : kept) {
    const list = byPath.get(e.instancePath) ?? [];
    list.push(e);
    byPath.set(e.instancePath, list);
  }
  const out: ErrorObject[] = [];
  for (const list of byPath.values()) {
    // A type error at a path explains the other errors there (missing properties of the wrong kind of node).
    const typeErrors = list.filter((e) => e.keyword === 'type');
    out.push(...(typeErrors.length > 0 ? typeErrors.slice(0, 1) : dedupeMessages(list)));
  }
  return out;
}

function dedupeMessages(list: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const key = e.keyword + JSON.stringify(e.params);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The message for an error at the written path `path` (`checkedPath` in `checked`, the document the
 * schema saw); `extra`, the key it is about, below that path.
 */
function describe(
  error: ErrorObject,
  path: Segment[],
  checkedPath: Segment[],
  checked: unknown,
): { extra?: string; message: string; target: 'key' | 'value' } {
  const params = error.params as Record<string, unknown>;
  const where = path.length > 0 ? `\`${path.map(String).join('.')}\`` : 'the document';
  switch (error.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const key = printValue(params.additionalProperty ?? params.unevaluatedProperty);
      const hint = key.startsWith('x-')
        ? ''
        : ' (only the fields of the OpenAPI specification and `x-` extensions are allowed here)';
      return { extra: key, message: `unknown field "${key}" in ${where}${hint}`, target: 'key' };
    }
    case 'required':
      if (Array.isArray(params.missingOneOf))
        return {
          message: `${where} needs ${params.missingOneOf.map((field) => `\`${printValue(field)}\``).join(' or ')}`,
          target: 'value',
        };
      return {
        message: `${where} is missing the required field "${printValue(params.missingProperty)}"`,
        target: 'value',
      };
    case 'type':
      return {
        // Ajv gives the types as one comma-separated string (draft 4) or as a list (2020-12).
        message: `${where} must be ${article(Array.isArray(params.type) ? params.type.join(',') : printValue(params.type))}`,
        target: 'value',
      };
    case 'enum':
    case 'const': {
      const allowed = error.keyword === 'const' ? [params.allowedValue] : (params.allowedValues as unknown[]);
      // `checkedPath` names the node in the document the schema saw, which holds `in` beside `required`.
      return { message: enumMessage(path, allowed, checkedPath, checked), target: 'value' };
    }
    case 'pattern':
      return { message: `${where} does not match the pattern ${printValue(params.pattern)}`, target: 'value' };
    case 'format':
      return { message: `${where} must be a valid ${printValue(params.format)}`, target: 'value' };
    case 'not':
      return { message: `${where} has fields that cannot be used together here`, target: 'value' };
    default:
      return { message: `${where} ${error.message ?? 'is invalid'}`, target: 'value' };
  }
}

function article(type: string): string {
  const words = type.split(',').map((t) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`));
  return words.join(' or ');
}
