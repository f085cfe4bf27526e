import { isRecord } from '../../../sources/pointer.js';
import { effectiveParameters, firstExample, isStream, type OperationSource } from '../operation-model.js';
import { asRecord, asString, type RefResolver } from '../resolver.js';
import { exampleValue } from './example-value.js';

/** Placeholder origin when the contract's server URL is relative (the platform's own docs use it too). */
export const PLACEHOLDER_ORIGIN = 'https://<gateway-host>';

/** Where a type lives in the generated package: a named entity, or a path into `paths`. */
export type TypeRef =
  { kind: 'named'; name: string } | { kind: 'indexed'; root: 'paths'; keys: Array<string | number> };

/** One concrete call of an operation, from which every language's sample is written. */
export interface RequestPlan {
  method: string;
  url: string;
  query: Array<{ name: string; value: string }>;
  headers: Array<{ name: string; value: string }>;
  cookies: Array<{ name: string; value: string }>;
  basicAuth: boolean;
  clientCertificate: boolean;
  body: { mediaType: string; value: unknown; type: TypeRef | undefined } | undefined;
  response: { mediaType: string; type: TypeRef | undefined; stream: boolean } | undefined;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
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
    response: undefined,
  };
  let path = source.path;
  for (const parameter of effectiveParameters(source, resolver)) {
    const name = asString(parameter.name);
    const where = asString(parameter.in);
    if (where !== 'path' && parameter.required !== true) continue;
    const value = parameterValue(parameter, resolver);
    if (where === 'path') path = path.split(`{${name}}`).join(encodeURIComponent(value));
    else if (where === 'query') plan.query.push({ name, value });
    else if (where === 'header') plan.headers.push({ name, value });
    else if (where === 'cookie') plan.cookies.push({ name, value });
  }
  plan.url = joinUrl(serverUrl(server), path);
  authenticate(plan, operation.security ?? document.security, document, resolver);
  const body = resolver.follow(operation.requestBody)?.value;
  const content = Object.entries(asRecord(body?.content));
  const [mediaType, media] = content.find(([type]) => JSON_MEDIA.test(type)) ?? content[0] ?? [];
  if (mediaType) {
    const entry = asRecord(media);
    const example =
      entry.example ?? firstExample(entry.examples, resolver) ?? exampleValue(entry.schema, resolver, 'request');
    plan.body = {
      mediaType,
      value: example,
      type: typeOf(entry.schema, ['paths', source.path, source.method, 'requestBody', 'content', mediaType], resolver),
    };
    plan.headers.push({ name: 'Content-Type', value: mediaType });
  }
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
      plan.headers.push({ name: 'Accept', value: responseType });
  }
  return plan;
}

/**
 * The plan's URL with its query string. Names and values are escaped as `encodeURIComponent` does:
 * `URLSearchParams` would write `+` for a space and escape `!'()~`, and `node:querystring` groups
 * repeated names and puts numeric names first, so neither writes the same samples.
 */
export function requestUrl(plan: RequestPlan): string {
  const query = plan.query.map(({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  if (query.length === 0) return plan.url;
  return `${plan.url}${plan.url.includes('?') ? '&' : '?'}${query.join('&')}`;
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

function parameterValue(parameter: Record<string, unknown>, resolver: RefResolver): string {
  const value =
    parameter.example ??
    firstExample(parameter.examples, resolver) ??
    exampleValue(parameter.schema, resolver, 'request') ??
    asString(parameter.name);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
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
        value: `${type === 'http' && httpScheme !== 'bearer' ? asString(scheme.scheme) : 'Bearer'} <token>`,
      });
    else if (type === 'apiKey') {
      const entry = { name: asString(scheme.name), value: '<api-key>' };
      if (scheme.in === 'query') plan.query.push(entry);
      else if (scheme.in === 'cookie') plan.cookies.push(entry);
      else plan.headers.push(entry);
    } else if (type === 'mutualTLS') plan.clientCertificate = true;
  }
}
