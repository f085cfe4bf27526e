import { isRecord } from '../../sources/pointer.js';
import type { OperationModel, SecuritySchemeModel, ServerModel } from '../../../templates/api/model.js';
import type { Descriptions } from './descriptions.js';
import { asRecord, asString, strings, type RefResolver } from './resolver.js';
import { MAX_ENUM_VALUES } from './values.js';
import { sendInWords } from './security-words.js';

const FLOW_NAMES: Record<string, string> = {
  implicit: 'Implicit',
  password: 'Password',
  clientCredentials: 'Client credentials',
  authorizationCode: 'Authorization code',
};

/**
 * Every security scheme of the document, whatever its type, described for a reader: what it is and
 * what to send. Its URLs are shown as text, never links: a contract's are often placeholders
 * (`identity.example.com`) a reader must not be sent to.
 */
export function securitySchemes(
  document: Record<string, unknown>,
  resolver: RefResolver,
  text: Descriptions,
): SecuritySchemeModel[] {
  const schemes = Object.entries(asRecord(asRecord(document.components).securitySchemes)).map(([name, written]) => {
    const scheme = resolver.follow(written)?.value ?? {};
    const type = asString(scheme.type);
    const details: SecuritySchemeModel['details'] = [];
    if (type === 'http' && typeof scheme.bearerFormat === 'string')
      details.push({ label: 'Token format', value: scheme.bearerFormat });
    if (type === 'openIdConnect') details.push({ label: 'Discovery URL', value: asString(scheme.openIdConnectUrl) });
    const flows = Object.entries(asRecord(scheme.flows)).map(([flow, value]) => {
      const entry = asRecord(value);
      const urls = ['authorizationUrl', 'tokenUrl', 'refreshUrl']
        .filter((key) => typeof entry[key] === 'string')
        .map((key) => ({ label: key.replace(/Url$/, ' URL'), value: entry[key] as string }));
      const scopes = Object.entries(asRecord(entry.scopes)).map(([scope, description]) => ({
        name: scope,
        description: asString(description),
      }));
      return { flow: (Object.hasOwn(FLOW_NAMES, flow) ? FLOW_NAMES[flow] : undefined) ?? flow, urls, scopes };
    });
    const label = typeLabel(type, asString(scheme.scheme).toLowerCase());
    const send = sendInWords(type, scheme);
    return { name, title: label, label, description: text.render(scheme.description), send, details, flows };
  });
  // Two schemes of one type (two API keys) are told apart by their names in the contract.
  return schemes.map((s) =>
    schemes.filter((other) => other.label === s.label).length > 1 ? { ...s, title: `${s.label} (${s.name})` } : s,
  );
}

function typeLabel(type: string, httpScheme: string): string {
  if (type === 'http')
    return httpScheme === 'bearer'
      ? 'HTTP bearer token'
      : httpScheme === 'basic'
        ? 'HTTP basic authentication'
        : `HTTP ${httpScheme} authentication`;
  if (type === 'apiKey') return 'API key';
  if (type === 'oauth2') return 'OAuth 2.0';
  if (type === 'openIdConnect') return 'OpenID Connect';
  if (type === 'mutualTLS') return 'Mutual TLS (a client certificate)';
  return type || 'Unknown scheme';
}

export function servers(document: Record<string, unknown>, text: Descriptions): ServerModel[] {
  const list = Array.isArray(document.servers) ? document.servers.filter(isRecord) : [];
  return list.map((server) => {
    const url = asString(server.url);
    return {
      url,
      relative: !/^[a-z][a-z0-9+.-]*:\/\//i.test(url),
      description: text.render(server.description),
      variables: Object.entries(asRecord(server.variables)).map(([name, value]) => {
        const variable = asRecord(value);
        const values = strings(variable.enum);
        return {
          name,
          defaultValue: asString(variable.default),
          enumValues: values.slice(0, MAX_ENUM_VALUES),
          enumMore: Math.max(0, values.length - MAX_ENUM_VALUES),
          description: asString(variable.description),
        };
      }),
    };
  });
}

/**
 * Names each scheme an operation (or its callbacks) requires as the overview heads it ("OpenID
 * Connect"), not by its key in the contract; a key the document does not define stays as written.
 */
export function titleRequirements(
  operations: readonly OperationModel[],
  schemes: readonly SecuritySchemeModel[],
): void {
  const titles = new Map(schemes.map((s) => [s.name, s.title]));
  for (const op of operations) {
    for (const requirement of op.security)
      for (const scheme of requirement.schemes) scheme.title = titles.get(scheme.name) ?? scheme.name;
    titleRequirements(
      op.callbacks.flatMap((c) => c.operations),
      schemes,
    );
  }
}
