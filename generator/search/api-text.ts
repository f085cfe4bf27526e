import type {
  ExampleModel,
  OperationModel,
  ResponseModel,
  SchemaModel,
  SchemaSectionModel,
} from '../../templates/api/model.js';
import { isIdentifierLike, splitWords } from '../../templates/search/rank/words.js';
import { nodeText } from './node-text.js';

/** A description shared by fewer operations than this is never left out. */
const MIN_COMMON = 5;
/** How deep the properties of a body are read for its operation's text (a model's own are its record's). */
const BODY_DEPTH = 3;
/** Keys whose string value in an error response's example is the message a reader sees. */
const MESSAGE_KEYS = new Set(['detail', 'message', 'error', 'msg', 'error_description', 'reason']);

/** `GET /api/v1/search — Search the tenant's documents`. */
export function operationTitle(op: Pick<OperationModel, 'method' | 'path' | 'summary'>): string {
  const call = `${op.method.toUpperCase()} ${pathText(op)}`;
  return op.summary ? `${call} — ${op.summary}` : call;
}

export function pathText(op: Pick<OperationModel, 'path'>): string {
  return op.path.map((part) => part.text).join('');
}

/**
 * What a reader may type to find an operation: its call and summary, id, tag, description, its
 * parameters, the properties of its bodies, and each response's status, description and messages.
 * A response description in `common` (one most of the API's operations share, such as its 401's) is
 * left out: it tells no operation from another, and would weigh on the index as often as it is repeated.
 */
export function operationText(op: OperationModel, tag: string, common: ReadonlySet<string>): string {
  const bodies = [...(op.requestBody?.contents ?? []), ...op.responses.flatMap((r) => r.contents)];
  return sentences([
    operationTitle(op),
    named(op.id),
    tag,
    nodeText(op.description),
    ...op.parameters.map((p) => `${named(p.name)} ${nodeText(p.description)} ${p.enumValues.map(jsonText).join(' ')}`),
    propertyNames(bodies.map((media) => media.schema))
      .map(named)
      .join(' '),
    ...op.responses.map((r) =>
      [r.status, ...[nodeText(r.description)].filter((text) => !common.has(text)), ...responseMessages(r)].join(' '),
    ),
  ]);
}

/** A model's name, description, its properties (names and descriptions) and its allowed values. */
export function modelText({ name, schema }: SchemaSectionModel): string {
  return sentences([
    named(name),
    schema.title ?? '',
    nodeText(schema.description),
    ...schema.properties.map(
      (p) => `${named(p.name)} ${p.schema.kind === 'node' ? nodeText(p.schema.description) : ''}`,
    ),
    schema.enumValues.map(jsonText).join(' '),
  ]);
}

/** Each example's messages, by its JSON: an error response is most often shared by every operation of an API. */
const messagesOf = new Map<string, string[]>();

/** What an error response's examples say (none for a success). */
function responseMessages(response: ResponseModel): string[] {
  return /^[45]/.test(response.status) ? errorMessages(response.contents.flatMap((c) => c.examples)) : [];
}

/** The messages an error response's examples carry (`detail`, `message`…), each once, in order. */
export function errorMessages(examples: readonly ExampleModel[]): string[] {
  const out: string[] = [];
  for (const example of examples) {
    let found = messagesOf.get(example.value);
    if (!found) {
      found = exampleMessages(example.value);
      if (messagesOf.size > 10_000) messagesOf.clear();
      messagesOf.set(example.value, found);
    }
    for (const message of found) if (!out.includes(message)) out.push(message);
  }
  return out;
}

function exampleMessages(value: string): string[] {
  const out: string[] = [];
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      const text = value.trim();
      if (MESSAGE_KEYS.has(key.toLowerCase()) && /\s/.test(text) && text.length <= 200 && !out.includes(text))
        out.push(text);
    } else if (Array.isArray(value)) for (const item of value) walk(item, key);
    else if (typeof value === 'object' && value !== null)
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(v, k);
  };
  try {
    walk(JSON.parse(value), '');
  } catch {
    // Not JSON: an example in another media type says nothing the index needs.
  }
  return out;
}

/** The property names of bodies, nested ones included; a named model's own are in its record. */
function propertyNames(schemas: ReadonlyArray<SchemaModel | undefined>): string[] {
  const out = new Set<string>();
  const walk = (schema: SchemaModel | undefined, depth: number): void => {
    if (!schema || depth > BODY_DEPTH) return;
    if (schema.kind === 'link') {
      out.add(schema.name);
      return;
    }
    for (const p of [...schema.properties, ...schema.extraProperties]) {
      out.add(p.name);
      walk(p.schema, depth + 1);
    }
    walk(schema.items, depth + 1);
    for (const c of schema.compositions) for (const v of c.variants) walk(v.schema, depth + 1);
  };
  for (const schema of schemas) walk(schema, 0);
  return [...out];
}

/** An identifier and its words (`liquibaseSchemaName liquibase Schema Name`), so that either finds it. */
function named(name: string): string {
  return isIdentifierLike(name) ? `${name} ${splitWords(name).join(' ')}` : name;
}

/** The parts as one text, each ending as a sentence (so that an excerpt reads as written). */
function sentences(parts: readonly string[]): string {
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => (/[.!?:;]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

/** An allowed value as the reference shows it (JSON) without a string's quotes: `"ROOLBACK"` → `ROOLBACK`. */
export function jsonText(value: string): string {
  return /^".*"$/.test(value) ? value.slice(1, -1) : value;
}

/**
 * The response descriptions at least half the operations of an API share (and at least `MIN_COMMON`
 * of them). Error messages are kept: a reader pastes them, and they name the reader's problem.
 */
export function commonDescriptions(ops: readonly OperationModel[]): Set<string> {
  const counts = new Map<string, number>();
  for (const op of ops)
    for (const text of new Set(op.responses.map((r) => nodeText(r.description))))
      counts.set(text, (counts.get(text) ?? 0) + 1);
  const least = Math.max(MIN_COMMON, ops.length / 2);
  return new Set([...counts].filter(([text, count]) => text !== '' && count >= least).map(([text]) => text));
}
