import { isRecord, type Segment } from '../sources/pointer.js';
import { SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './schema-keywords.js';
import type { ContractSources, Located } from './sources.js';
import type { SpecVersion } from './spec-version.js';
import type { PathItemSite } from './walk.js';
import { HTTP_METHODS } from './walk.js';

/** A value that must validate against a schema: an example, or a default. */
export interface InstanceCheck {
  schema: Located;
  instance: Located;
  what: 'example' | 'default';
}

export interface SchemaVisit {
  /** Every schema object of the contract, each once, `$ref`s followed across files. */
  schemas: Located<Record<string, unknown>>[];
  /** The schemas reached from the OpenAPI structure rather than from another schema. */
  roots: Located<Record<string, unknown>>[];
  /** Every example and default with the schema it belongs to. */
  checks: InstanceCheck[];
}

/**
 * Walks the OpenAPI structure (components, path items, operations, parameters, bodies, responses,
 * headers) down to its schemas, then through the schemas' own sub-schemas.
 */
export function visitSchemas(
  sources: ContractSources,
  version: SpecVersion,
  pathItems: readonly PathItemSite[],
): SchemaVisit {
  const seen = new Set<string>();
  const result: SchemaVisit = { schemas: [], roots: [], checks: [] };
  const keyOf = (node: Located) => `${node.file.path}#${node.segments.join('/')}`;

  const schema = (node: Located | undefined, depth = 0): void => {
    if (!node || depth > 200) return;
    const target = sources.follow(node);
    if (!isRecord(target.value)) return;
    const key = keyOf(target);
    if (seen.has(key)) return;
    seen.add(key);
    const located = target as Located<Record<string, unknown>>;
    result.schemas.push(located);
    if (depth === 0) result.roots.push(located);
    const value = located.value;
    if ('default' in value) result.checks.push({ schema: located, instance: at(located, 'default'), what: 'default' });
    if (version !== '3.1' && 'example' in value)
      result.checks.push({ schema: located, instance: at(located, 'example'), what: 'example' });
    if (version === '3.1' && Array.isArray(value.examples)) {
      value.examples.forEach((_, i) =>
        result.checks.push({ schema: located, instance: at(located, 'examples', i), what: 'example' }),
      );
    }
    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const map = value[keyword];
      if (isRecord(map)) for (const name of Object.keys(map)) schema(at(located, keyword, name), depth + 1);
    }
    for (const keyword of SCHEMA_LIST_KEYWORDS) {
      const list = value[keyword];
      if (Array.isArray(list)) list.forEach((_, i) => schema(at(located, keyword, i), depth + 1));
    }
    for (const keyword of SCHEMA_KEYWORDS) {
      const sub = value[keyword];
      if (Array.isArray(sub)) sub.forEach((_, i) => schema(at(located, keyword, i), depth + 1));
      else if (isRecord(sub)) schema(at(located, keyword), depth + 1);
    }
  };

  const exampleMap = (owner: Located, schemaNode: Located | undefined): void => {
    if (!schemaNode) return;
    const target = sources.follow(schemaNode);
    const value = owner.value as Record<string, unknown>;
    if ('example' in value) result.checks.push({ schema: target, instance: at(owner, 'example'), what: 'example' });
    const examples = sources.child(owner, 'examples');
    if (examples && isRecord(examples.value)) {
      for (const name of Object.keys(examples.value)) {
        const example = sources.child(examples, name);
        const resolved = example && sources.follow(example);
        if (resolved && isRecord(resolved.value) && 'value' in resolved.value)
          result.checks.push({ schema: target, instance: at(resolved, 'value'), what: 'example' });
      }
    }
  };

  const mediaTypes = (owner: Located | undefined): void => {
    const content = owner && sources.child(owner, 'content');
    if (!content || !isRecord(content.value)) return;
    for (const type of Object.keys(content.value)) {
      const media = sources.child(content, type);
      if (!media || !isRecord(media.value)) continue;
      const schemaNode = sources.child(media, 'schema');
      schema(schemaNode);
      // XML and other text bodies carry examples as serialized strings, not as instances of the schema.
      if (!/xml/i.test(type)) exampleMap(media, schemaNode);
      const encoding = sources.child(media, 'encoding');
      if (encoding && isRecord(encoding.value))
        for (const part of Object.keys(encoding.value)) headers(sources.child(encoding, part));
    }
  };

  const parameter = (node: Located | undefined): void => {
    if (!node) return;
    const param = sources.follow(node);
    if (!isRecord(param.value)) return;
    if (version === '2.0' && param.value.in !== 'body') {
      // Swagger 2.0 non-body parameters are themselves schema-like (type, format, enum, default, items).
      schema(param);
      return;
    }
    const schemaNode = sources.child(param, 'schema');
    schema(schemaNode);
    exampleMap(param, schemaNode);
    mediaTypes(param);
  };

  const headers = (owner: Located | undefined): void => {
    const map = owner && sources.child(owner, 'headers');
    if (map && isRecord(map.value)) for (const name of Object.keys(map.value)) parameter(sources.child(map, name));
  };

  const response = (node: Located | undefined): void => {
    if (!node) return;
    const res = sources.follow(node);
    headers(res);
    if (version === '2.0') {
      const schemaNode = sources.child(res, 'schema');
      schema(schemaNode);
      const examples = sources.child(res, 'examples');
      if (schemaNode && examples && isRecord(examples.value)) {
        for (const mime of Object.keys(examples.value)) {
          if (/json/i.test(mime))
            result.checks.push({ schema: sources.follow(schemaNode), instance: at(examples, mime), what: 'example' });
        }
      }
    } else {
      mediaTypes(res);
    }
  };

  const list = (owner: Located | undefined, key: string, visit: (node: Located | undefined) => void): void => {
    const node = owner && sources.child(owner, key);
    if (node && Array.isArray(node.value)) node.value.forEach((_, i) => visit(sources.child(node, i)));
    else if (node && isRecord(node.value)) for (const name of Object.keys(node.value)) visit(sources.child(node, name));
  };

  for (const site of pathItems) {
    list(site.item, 'parameters', parameter);
    for (const method of HTTP_METHODS) {
      const operation = sources.child(site.item, method);
      if (!operation) continue;
      list(operation, 'parameters', parameter);
      const body = sources.child(operation, 'requestBody');
      if (body) mediaTypes(sources.follow(body));
      list(operation, 'responses', response);
    }
  }

  const root: Located = { file: sources.root, segments: [], value: sources.root.data };
  if (version === '2.0') {
    list(root, 'definitions', schema);
    list(root, 'parameters', parameter);
    list(root, 'responses', response);
  } else {
    const components = sources.child(root, 'components');
    list(components, 'schemas', schema);
    list(components, 'parameters', parameter);
    list(components, 'headers', parameter);
    list(components, 'responses', response);
    const bodies = components && sources.child(components, 'requestBodies');
    if (bodies && isRecord(bodies.value))
      for (const name of Object.keys(bodies.value)) mediaTypes(sources.follow(sources.child(bodies, name) as Located));
  }
  return result;
}

function at(node: Located, ...keys: Segment[]): Located {
  let value: unknown = node.value;
  for (const key of keys) value = (value as Record<string, unknown> | unknown[])[key as never];
  return { file: node.file, segments: [...node.segments, ...keys], value };
}
