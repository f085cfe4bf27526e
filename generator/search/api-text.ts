import type { ExampleModel, OperationModel, SchemaModel, SchemaSectionModel } from '../../templates/api/model.js';
import { isIdentifierLike, splitWords } from '../../templates/search/rank/words.js';
import { nodeText } from './node-text.js';

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
 */
export function operationText(op: OperationModel, tag: string): string {
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
      [
        r.status,
        nodeText(r.description),
        ...(/^[45]/.test(r.status) ? errorMessages(r.contents.flatMap((c) => c.examples)) : []),
      ].join(' '),
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

/** The messages an error response's examples carry (`detail`, `message`…), each once, in order. */
export function errorMessages(examples: readonly ExampleModel[]): string[] {
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
  for (const example of examples) {
    try {
      walk(JSON.parse(example.value), '');
    } catch {
      // Not JSON: an example in another media type says nothing the index needs.
    }
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
