import { isRecord } from '../../sources/pointer.js';
import type { SecuritySchemeModel, ServerModel } from '../../../templates/api/model.js';
import type { Descriptions } from './descriptions.js';
import { asRecord, asString, strings, type RefResolver } from './resolver.js';
import { MAX_ENUM_VALUES } from './values.js';

const FLOW_NAMES: Record<string, string> = {
  implicit: 'Implicit',
  password: 'Password',
  clientCredentials: 'Client credentials',
  authorizationCode: 'Authorization code',
};

/** Every security scheme of the document, whatever its type, described for a reader. */
export function securitySchemes(
  document: Record<string, unknown>,
  resolver: RefResolver,
  text: Descriptions,
): SecuritySchemeModel[] {
  return Object.entries(asRecord(asRecord(document.components).securitySchemes)).map(([name, written]) => {
    const scheme = resolver.follow(written)?.value ?? {};
    const type = asString(scheme.type);
    const details: SecuritySchemeModel['details'] = [];
    let label = type || 'unknown';
    if (type === 'http') {
      const kind = asString(scheme.scheme).toLowerCase();
      label =
        kind === 'bearer'
          ? 'HTTP bearer token'
          : kind === 'basic'
            ? 'HTTP basic authentication'
            : `HTTP ${kind} authentication`;
      if (typeof scheme.bearerFormat === 'string') details.push({ label: 'Bearer format', value: scheme.bearerFormat });
    } else if (type === 'apiKey') {
      label = `API key in ${asString(scheme.in) || 'header'}`;
      details.push({ label: `${capitalize(asString(scheme.in) || 'header')} name`, value: asString(scheme.name) });
    } else if (type === 'oauth2') {
      label = 'OAuth 2.0';
    } else if (type === 'openIdConnect') {
      label = 'OpenID Connect';
      details.push({
        label: 'Discovery URL',
        value: asString(scheme.openIdConnectUrl),
        href: safeHttp(scheme.openIdConnectUrl),
      });
    } else if (type === 'mutualTLS') {
      label = 'Mutual TLS (a client certificate)';
    }
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
    return { name, label, description: text.render(scheme.description), details, flows };
  });
}

export function servers(document: Record<string, unknown>, text: Descriptions): ServerModel[] {
  const list = Array.isArray(document.servers) ? document.servers.filter(isRecord) : [];
  return list.map((server) => ({
    url: asString(server.url),
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
  }));
}

/** Only http(s) URLs become links; anything else from a contract is shown as text. */
export function safeHttp(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : undefined;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
