import type { SecuritySchemeModel } from '../../../templates/api/model.js';
import { asString } from './resolver.js';

type Words = SecuritySchemeModel['send'];

const BEARER = (token: string): Words => [{ text: `Send ${token} as ` }, { code: 'Authorization: Bearer <token>' }];

/** What a caller sends with each request to satisfy the scheme, as a sentence with the parts to copy as code. */
export function sendInWords(type: string, scheme: Record<string, unknown>): Words {
  if (type === 'openIdConnect') return [...BEARER('an OpenID Connect access token'), { text: '.' }];
  if (type === 'oauth2') return [...BEARER('an OAuth 2.0 access token'), { text: ', obtained through a flow below.' }];
  if (type === 'mutualTLS') return [{ text: 'Present a client certificate when opening the TLS connection.' }];
  if (type === 'apiKey') {
    const name = asString(scheme.name);
    const place = asString(scheme.in);
    if (place === 'query') return [{ text: 'Send the key as the ' }, { code: name }, { text: ' query parameter.' }];
    if (place === 'cookie') return [{ text: 'Send the key in the ' }, { code: name }, { text: ' cookie.' }];
    return [{ text: 'Send the key in the ' }, { code: name }, { text: ' header.' }];
  }
  if (type === 'http') {
    const kind = asString(scheme.scheme);
    const format = typeof scheme.bearerFormat === 'string' ? ` (${scheme.bearerFormat})` : '';
    if (kind.toLowerCase() === 'bearer') return [...BEARER(`the token${format}`), { text: '.' }];
    if (kind.toLowerCase() === 'basic')
      return [
        { text: 'Send a user name and password as ' },
        { code: 'Authorization: Basic <base64 of user:password>' },
        { text: '.' },
      ];
    if (kind)
      return [{ text: 'Send the credentials as ' }, { code: `Authorization: ${kind} <credentials>` }, { text: '.' }];
  }
  return [];
}
