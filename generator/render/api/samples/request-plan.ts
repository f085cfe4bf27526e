import { isRecord } from '../../../sources/pointer.js';
import { givenExample, operationBindings, type Bindings } from '../example-bindings.js';
import { exampleGenerator } from '../generated-example.js';
import { effectiveParameters, firstExample, isStream, type OperationSource } from '../operation-model.js';
import { asRecord, asString, type RefResolver } from '../resolver.js';
import { exampleValue } from './example-value.js';
import {
  COOKIE_ESCAPING,
  HEADER_ESCAPING,
  pathText,
  percentEncode,
  RESERVED_ESCAPING,
  simpleText,
  stylePairs,
  URL_ESCAPING,
  type Style,
} from './parameter-style.js';
import { bodyPlan, type BodyPlan, type TypeRef } from './request-body.js';

/** Placeholder origin when the contract's server URL is relative (the platform's own docs use it too). */
export const PLACEHOLDER_ORIGIN = 'https://<gateway-host>';

export type { TypeRef } from './request-body.js';

/** One concrete call of an operation, from which every language's sample is written. */
export interface RequestPlan {
  method: string;
  /** Server and path, the path's parameters written in their style and percent-encoded. */
  url: string;
  /** `name=value` pairs, percent-encoded, in their style. */
  query: string[];
  /** Values written in the `simple` style, with only what a header cannot carry encoded. */
  headers: Array<{ name: string; value: string }>;
  /** `name=value` pairs of the Cookie header. */
  cookies: string[];
  basicAuth: boolean;
  clientCertificate: boolean;
  body: BodyPlan | undefined;
  /** The contract documents a body for a method that cannot send one (`fetch` refuses it for GET and HEAD). */
  bodyLeftOut: boolean;
  response: { mediaType: string; type: TypeRef | undefined; stream: boolean } | undefined;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** RFC 9110's token: a header or cookie name outside it cannot be sent, so its parameter is left out. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const NO_BODY_METHODS = new Set(['GET', 'HEAD']);
const JSON_MEDIA = /^application\/([\w.+-]+\+)?json\b|^\*\/\*$/i;

export function requestPlan(
  source: OperationSource,
  document: Record<string, unknown>,
  resolver: RefResolver,
): RequestPlan {
  const operation = source.operation;
  const servers = Array.isArray(operation.servers)
    ? operation.servers
    : Array.isArray(source.pathItem.servers)
      ? source.pathItem.servers
      : Array.isArray(document.servers)
        ? document.servers
        : [];
  const server = isRecord(servers[0]) ? servers[0] : {};
  const plan: RequestPlan = {
    method: source.method.toUpperCase(),
    url: '',
    query: [],
    headers: [],
    cookies: [],
    basicAuth: false,
    clientCertificate: false,
    body: undefined,
    bodyLeftOut: false,
    response: undefined,
  };
  const parameters = effectiveParameters(source, resolver);
  // The id in the path is the one the body examples show (the contract's, or one both use).
  const bindings = operationBindings(source, parameters, resolver);
  plan.url = joinUrl(serverUrl(server), pathWith(source.path, addParameters(plan, parameters, bindings, resolver)));
  authenticate(plan, operation.security ?? document.security, document, resolver);
  addBody(plan, source, bindings, resolver);
  const responses = Object.entries(asRecord(operation.responses));
  const [status, response] = responses.find(([code]) => /^2/.test(code)) ?? [];
  const responseContent = Object.entries(asRecord(resolver.follow(response)?.value.content));
  const [responseType, responseMedia] =
    responseContent.find(([type]) => JSON_MEDIA.test(type)) ?? responseContent[0] ?? [];
  if (status && responseType) {
    const keys = [
      'paths',
      source.path,
      source.method,
      'responses',
      /^\d+$/.test(status) ? Number(status) : status,
      'content',
      responseType,
    ];
    plan.response = {
      mediaType: responseType,
      stream: isStream(responseType),
      type: typeOf(asRecord(responseMedia).schema, keys, resolver),
    };
    if (!plan.headers.some((h) => h.name.toLowerCase() === 'accept') && responseType !== '*/*')
      plan.headers.push({ name: 'Accept', value: HEADER_ESCAPING.text(responseType) });
  }
  return plan;
}

/**
 * The parameters a call needs (path ones, and the others that are required), each in its style, into
 * the plan; returns the path parameters' texts by name.
 */
function addParameters(
  plan: RequestPlan,
  parameters: ReadonlyArray<Record<string, unknown>>,
  bindings: Bindings,
  resolver: RefResolver,
): Map<string, string> {
  const pathValues = new Map<string, string>();
  for (const parameter of parameters) {
    const name = asString(parameter.name);
    const where = asString(parameter.in);
    if (where !== 'path' && parameter.required !== true) continue;
    const written = parameterValue(parameter, where, resolver);
    const { style, explode } = written;
    const value = where === 'path' && bindings.path.has(name) ? bindings.path.get(name) : written.value;
    if (where === 'path') pathValues.set(name, pathText(name, value, style, explode));
    else if (where === 'query') {
      const escaping = parameter.allowReserved === true ? RESERVED_ESCAPING : URL_ESCAPING;
      plan.query.push(...stylePairs(name, value, style, explode, escaping).map(([k, v]) => `${k}=${v}`));
    } else if (where === 'header' && TOKEN.test(name))
      plan.headers.push({ name, value: simpleText(value, explode, ',', HEADER_ESCAPING) });
    else if (where === 'cookie' && TOKEN.test(name))
      plan.cookies.push(...stylePairs(name, value, 'form', explode, COOKIE_ESCAPING).map(([k, v]) => `${k}=${v}`));
  }
  return pathValues;
}

/**
 * The request body: the first JSON media type, else the first one; none for a method that cannot send
 * one. Its value is the one the request example beside it shows: the contract's, else the generated one.
 */
function addBody(plan: RequestPlan, source: OperationSource, bindings: Bindings, resolver: RefResolver): void {
  const body = resolver.follow(source.operation.requestBody)?.value;
  const content = Object.entries(asRecord(body?.content));
  const [mediaType, media] = content.find(([type]) => JSON_MEDIA.test(type)) ?? content[0] ?? [];
  if (!mediaType) return;
  if (NO_BODY_METHODS.has(plan.method)) {
    plan.bodyLeftOut = true;
    return;
  }
  const entry = asRecord(media);
  const example =
    givenExample(entry, resolver) ??
    generatedBody(entry.schema, mediaType, bindings, resolver) ??
    exampleValue(entry.schema, resolver, 'request');
  const keys = ['paths', source.path, source.method, 'requestBody', 'content', mediaType];
  plan.body = bodyPlan(mediaType, entry, example, typeOf(entry.schema, keys, resolver), resolver);
  // A range (`*/*`, `image/*`) says what the server accepts; the request names the type it sends.
  const ranges: Partial<Record<BodyPlan['kind'], string>> = { json: 'application/json', text: 'text/plain' };
  const sent = mediaType.includes('*') ? (ranges[plan.body.kind] ?? 'application/octet-stream') : mediaType;
  // A multipart body's type names its boundary, which only the client that writes the parts knows.
  if (plan.body.kind !== 'multipart') plan.headers.push({ name: 'Content-Type', value: HEADER_ESCAPING.text(sent) });
}

function generatedBody(schema: unknown, mediaType: string, bindings: Bindings, resolver: RefResolver): unknown {
  const text = exampleGenerator(resolver).generateWith(schema, mediaType, 'request', bindings.body);
  return text === undefined ? undefined : JSON.parse(text);
}

/** The note a sample carries when the contract documents a body its method cannot send. */
export function noBodyNote(method: string): string {
  return `A ${method} request carries no body, so the request body documented for it is left out.`;
}

/**
 * The plan's URL with its query string. The pairs were escaped as `encodeURIComponent` does, by
 * `parameter-style.ts`: `URLSearchParams` would write `+` for a space and escape `!'()~`, and
 * `node:querystring` groups repeated names and puts numeric names first, so neither writes the same samples.
 */
export function requestUrl(plan: RequestPlan): string {
  if (plan.query.length === 0) return plan.url;
  return `${plan.url}${plan.url.includes('?') ? '&' : '?'}${plan.query.join('&')}`;
}

function typeOf(schema: unknown, keys: Array<string | number>, resolver: RefResolver): TypeRef | undefined {
  if (schema === undefined) return undefined;
  const ref =
    isRecord(schema) && typeof schema.$ref === 'string'
      ? /^#\/components\/schemas\/([^/]+)$/.exec(schema.$ref)?.[1]
      : undefined;
  if (ref && IDENTIFIER.test(ref) && resolver.target(`#/components/schemas/${ref}`))
    return { kind: 'named', name: ref };
  const [, ...rest] = keys;
  return { kind: 'indexed', root: 'paths', keys: rest };
}

/**
 * A parameter's example value with its style and explode (OpenAPI's defaults: `form` for query and
 * cookie, `simple` for path and header; explode only for `form`). A parameter described by `content`
 * is one value written in its media type.
 */
function parameterValue(
  parameter: Record<string, unknown>,
  where: string,
  resolver: RefResolver,
): { value: unknown; style: Style; explode: boolean } {
  const style = (asString(parameter.style) || (where === 'query' || where === 'cookie' ? 'form' : 'simple')) as Style;
  const explode = typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form';
  const [mediaType, media] = Object.entries(asRecord(parameter.content))[0] ?? [];
  if (mediaType !== undefined) {
    const entry = asRecord(media);
    const value =
      parameter.example ??
      entry.example ??
      firstExample(parameter.examples, resolver) ??
      firstExample(entry.examples, resolver) ??
      exampleValue(entry.schema, resolver, 'request');
    return {
      value: JSON_MEDIA.test(mediaType) || typeof value !== 'string' ? JSON.stringify(value ?? null) : value,
      style,
      explode,
    };
  }
  const value =
    parameter.example ??
    firstExample(parameter.examples, resolver) ??
    exampleValue(parameter.schema, resolver, 'request', asString(parameter.name)) ??
    asString(parameter.name);
  return { value, style, explode };
}

/**
 * The path with each `{name}` replaced by its parameter's text; the template's own characters that a
 * URL path cannot carry as written (spaces, brackets, braces left by an undeclared parameter) are
 * percent-encoded, so curl (which reads `[]{}` as a pattern) and fetch send the same request.
 */
function pathWith(template: string, values: ReadonlyMap<string, string>): string {
  return template
    .split(/(\{[^{}]*\})/)
    .map((part) => {
      const name = /^\{([^{}]*)\}$/.exec(part)?.[1];
      if (name !== undefined && values.has(name)) return values.get(name);
      return part.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/gu, percentEncode);
    })
    .join('');
}

function serverUrl(server: Record<string, unknown>): string {
  let url = asString(server.url) || '/';
  for (const [name, variable] of Object.entries(asRecord(server.variables)))
    url = url.split(`{${name}}`).join(asString(asRecord(variable).default));
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('//')) return `https:${url}`;
  return PLACEHOLDER_ORIGIN + (url.startsWith('/') ? url : `/${url}`);
}

function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

/** The first way of calling that needs credentials (an anonymous alternative does not need a sample). */
function authenticate(
  plan: RequestPlan,
  security: unknown,
  document: Record<string, unknown>,
  resolver: RefResolver,
): void {
  const requirements = Array.isArray(security) ? security.filter(isRecord) : [];
  const requirement = requirements.find((r) => Object.keys(r).length > 0);
  if (!requirement) return;
  const schemes = asRecord(asRecord(document.components).securitySchemes);
  for (const name of Object.keys(requirement)) {
    const scheme = Object.hasOwn(schemes, name) ? resolver.follow(schemes[name])?.value : undefined;
    if (!scheme) continue;
    const type = asString(scheme.type);
    const httpScheme = asString(scheme.scheme).toLowerCase();
    if (type === 'http' && httpScheme === 'basic') plan.basicAuth = true;
    else if (type === 'http' || type === 'oauth2' || type === 'openIdConnect')
      plan.headers.push({
        name: 'Authorization',
        value: `${type === 'http' && httpScheme !== 'bearer' ? HEADER_ESCAPING.text(asString(scheme.scheme)) : 'Bearer'} <token>`,
      });
    else if (type === 'apiKey') {
      const key = asString(scheme.name);
      if (scheme.in === 'query') plan.query.push(`${percentEncode(key)}=${percentEncode('<api-key>')}`);
      else if (!TOKEN.test(key)) continue;
      else if (scheme.in === 'cookie') plan.cookies.push(`${key}=<api-key>`);
      else plan.headers.push({ name: key, value: '<api-key>' });
    } else if (type === 'mutualTLS') plan.clientCertificate = true;
  }
}
