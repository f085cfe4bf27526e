import type { Located } from '../contracts/sources.js';
import { effectiveParameters, type OperationSite } from '../contracts/walk.js';
import { isRecord } from '../sources/pointer.js';
import { code, phrase, type Inline } from './inline-code.js';
import type { Node, Side } from './side.js';

export interface ParameterPart {
  node: Node;
  /** query parameter `limit` */
  label: Inline;
  required: boolean;
  /** The schema as written; a Swagger 2.0 parameter is its own schema. */
  schema: Located | undefined;
}

export interface BodyPart {
  node: Node;
  required: boolean;
  /** Media type → its schema as written. */
  media: Map<string, Located | undefined>;
}

/**
 * Parameters keyed by where they go: headers by their name in lower case (HTTP does not care),
 * path parameters by their place in the template, since renaming `{id}` changes no request.
 */
export function parametersOf(side: Side, site: OperationSite): Map<string, ParameterPart> {
  const out = new Map<string, ParameterPart>();
  const placeholders = [...site.pathItem.key.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  for (const node of effectiveParameters(side.contract.sources, site)) {
    const where = String(node.value.in);
    const name = String(node.value.name);
    if (where === 'body') continue;
    const key =
      where === 'path'
        ? `path:#${placeholders.indexOf(name)}`
        : where === 'header'
          ? `header:${name.toLowerCase()}`
          : `${where}:${name}`;
    const schema = side.swagger2 ? node : (side.raw(node, 'schema') ?? firstMediaSchema(side, node));
    out.set(key, {
      node,
      label: phrase`${where} parameter ${code(name)}`,
      required: node.value.required === true || where === 'path',
      schema,
    });
  }
  return out;
}

export function requestBodyOf(side: Side, site: OperationSite): BodyPart | undefined {
  if (side.swagger2) {
    const body = effectiveParameters(side.contract.sources, site).find((p) => p.value.in === 'body');
    if (!body) return undefined;
    const schema = side.raw(body, 'schema');
    return {
      node: body,
      required: body.value.required === true,
      media: new Map(mediaTypes(side, site, 'consumes').map((m) => [m, schema])),
    };
  }
  const body = side.child(site.operation, 'requestBody');
  return body && { node: body, required: body.value.required === true, media: contentOf(side, body) };
}

/** Responses by status code. */
export function responsesOf(side: Side, site: OperationSite): Map<string, BodyPart> {
  const out = new Map<string, BodyPart>();
  const responses = side.child(site.operation, 'responses');
  if (!responses) return out;
  for (const status of Object.keys(responses.value)) {
    if (status.startsWith('x-')) continue;
    const response = side.child(responses, status);
    if (!response) continue;
    const media = side.swagger2 ? swagger2Content(side, site, response) : contentOf(side, response);
    out.set(status, { node: response, required: true, media });
  }
  return out;
}

function contentOf(side: Side, holder: Node): Map<string, Located | undefined> {
  const content = side.child(holder, 'content');
  const out = new Map<string, Located | undefined>();
  if (!content) return out;
  for (const media of Object.keys(content.value)) {
    const entry = side.child(content, media);
    out.set(media, entry && side.raw(entry, 'schema'));
  }
  return out;
}

function swagger2Content(side: Side, site: OperationSite, response: Node): Map<string, Located | undefined> {
  const schema = side.raw(response, 'schema');
  return new Map(schema ? mediaTypes(side, site, 'produces').map((m) => [m, schema]) : []);
}

function mediaTypes(side: Side, site: OperationSite, field: 'consumes' | 'produces'): string[] {
  const own = site.operation.value[field];
  const list = Array.isArray(own) ? own : side.root.value[field];
  const types = Array.isArray(list) ? list.filter((m): m is string => typeof m === 'string') : [];
  return types.length > 0 ? types : ['application/json'];
}

function firstMediaSchema(side: Side, parameter: Node): Located | undefined {
  const content = side.child(parameter, 'content');
  const first = content && Object.keys(content.value)[0];
  const entry = first === undefined ? undefined : side.child(content, first);
  return entry && side.raw(entry, 'schema');
}

/** Every schema an operation reads (parameters and body) and writes (responses), as written. */
export function operationSchemas(side: Side, site: OperationSite): { request: Located[]; response: Located[] } {
  const request = [...parametersOf(side, site).values()].map((p) => p.schema);
  const body = requestBodyOf(side, site);
  if (body) request.push(...body.media.values());
  const response = [...responsesOf(side, site).values()].flatMap((r) => [...r.media.values()]);
  const present = (list: Array<Located | undefined>): Located[] =>
    list.filter((s): s is Located => s !== undefined && isRecord(s.value));
  return { request: present(request), response: present(response) };
}
