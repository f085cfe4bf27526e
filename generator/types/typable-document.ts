import { SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from '../contracts/schema-keywords.js';
import { isRecord } from '../sources/pointer.js';
import { cutCompositionCycles } from './composition-cycles.js';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * A 3.x document as the type generator can read it. Where the document has a value that is not a
 * schema where a schema must be (`properties: { type: string }`, `properties: { $ref: "#/…" }`), or
 * no object where a media type, response, parameter or the like must be (`application/json: null`),
 * the checks have reported it already, at its place; openapi-typescript would throw on it and drop the
 * whole service. Such a value is typed as anything (`{}`, which it writes as `unknown`) and the rest
 * of the service keeps its types. So is the `$ref` that closes a cycle with no TypeScript type
 * (`cutCompositionCycles`). It is always a copy, even when nothing had to change: openapi-typescript
 * writes into the document it reads (an empty `components`, a discriminator's property added to each
 * mapped schema), and the reference, its downloads and the search read the contract's own document,
 * in whatever order the build reaches them.
 */
export function typableDocument(document: Json): Json {
  const copy = structuredClone(document);
  new Mender().root(copy);
  cutCompositionCycles(copy);
  return copy;
}

class Mender {
  private changed = false;
  /** Schemas are walked iteratively (they nest as deep as their author likes); each object once. */
  private readonly seen = new Set<object>();

  root(document: Json): boolean {
    this.map(document.paths, (item) => this.pathItem(item));
    this.map(document.webhooks, (item) => this.pathItem(item));
    this.map(document['x-webhooks'], (item) => this.pathItem(item));
    const components = document.components;
    if (isRecord(components)) {
      this.schemaMap(components, 'schemas');
      this.map(components.responses, (r) => this.response(r));
      this.map(components.parameters, (p) => this.parameter(p));
      this.map(components.requestBodies, (b) => this.content(b));
      this.map(components.headers, (h) => this.parameter(h));
      this.map(components.pathItems, (item) => this.pathItem(item));
      this.map(components.callbacks, (callback) => this.map(callback, (item) => this.pathItem(item)));
    }
    return this.changed;
  }

  /** Each value of an object-valued map; a value that is no object becomes `{}`. */
  private map(value: unknown, each: (object: Json) => void): void {
    if (!isRecord(value)) return;
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (isRecord(item)) each(item);
      else value[key] = this.anything();
    }
  }

  /** Each item of an array of objects; an item that is no object goes (it has neither name nor place). */
  private list(holder: Json, key: string, each: (object: Json) => void): void {
    const value = holder[key];
    if (!Array.isArray(value)) return;
    const objects = value.filter(isRecord);
    if (objects.length !== value.length) {
      holder[key] = objects;
      this.changed = true;
    }
    objects.forEach(each);
  }

  private pathItem(item: Json): void {
    if (typeof item.$ref === 'string') return;
    this.list(item, 'parameters', (p) => this.parameter(p));
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      if (!isRecord(operation)) {
        delete item[method];
        this.changed = true;
        continue;
      }
      this.list(operation, 'parameters', (p) => this.parameter(p));
      if (operation.requestBody !== undefined && !isRecord(operation.requestBody))
        operation.requestBody = this.anything();
      if (isRecord(operation.requestBody)) this.content(operation.requestBody);
      this.map(operation.responses, (r) => this.response(r));
      this.map(operation.callbacks, (callback) => this.map(callback, (inner) => this.pathItem(inner)));
    }
  }

  private response(response: Json): void {
    if (typeof response.$ref === 'string') return;
    this.map(response.headers, (h) => this.parameter(h));
    this.content(response);
  }

  /** A parameter or header: its schema, or its content. */
  private parameter(parameter: Json): void {
    if (typeof parameter.$ref === 'string') return;
    if ('schema' in parameter) this.schemaAt(parameter, 'schema');
    this.content(parameter);
  }

  /** The `content` of a request body, response, parameter or header. */
  private content(holder: Json): void {
    if (typeof holder.$ref === 'string') return;
    this.map(holder.content, (media) => {
      if ('schema' in media) this.schemaAt(media, 'schema');
      this.map(media.encoding, (encoding) => this.map(encoding.headers, (h) => this.parameter(h)));
    });
  }

  private schemaMap(holder: Json, key: string): void {
    const map = holder[key];
    if (!isRecord(map)) return;
    for (const name of Object.keys(map)) this.schemaAt(map, name);
  }

  /** `holder[key]` must be a schema (an object or a boolean); walks it and every schema inside it. */
  private schemaAt(holder: Json | unknown[], key: string | number): void {
    const stack: Array<{ holder: Json | unknown[]; key: string | number }> = [{ holder, key }];
    while (stack.length > 0) {
      const at = stack.pop() as (typeof stack)[number];
      const schema = (at.holder as Record<string | number, unknown>)[at.key];
      if (typeof schema === 'boolean') continue;
      if (!isRecord(schema)) {
        (at.holder as Record<string | number, unknown>)[at.key] = this.anything();
        continue;
      }
      if (this.seen.has(schema) || typeof schema.$ref === 'string') continue;
      this.seen.add(schema);
      for (const keyword of SCHEMA_MAP_KEYWORDS) {
        const map = schema[keyword];
        if (isRecord(map)) for (const name of Object.keys(map)) stack.push({ holder: map, key: name });
        else if (keyword in schema) this.drop(schema, keyword);
      }
      for (const keyword of SCHEMA_LIST_KEYWORDS) {
        const list = schema[keyword];
        if (Array.isArray(list)) list.forEach((_, index) => stack.push({ holder: list, key: index }));
        else if (keyword in schema) this.drop(schema, keyword);
      }
      for (const keyword of SCHEMA_KEYWORDS) {
        if (!(keyword in schema)) continue;
        const value = schema[keyword];
        // `items` as a list of schemas (a tuple, as older drafts wrote it) is read as such.
        if (keyword === 'items' && Array.isArray(value))
          value.forEach((_, index) => stack.push({ holder: value, key: index }));
        else stack.push({ holder: schema, key: keyword });
      }
    }
  }

  /** A map or list of schemas that is neither: it says nothing the types could use. */
  private drop(schema: Json, keyword: string): void {
    delete schema[keyword];
    this.changed = true;
  }

  private anything(): Json {
    this.changed = true;
    return {};
  }
}
