import { HTTPSnippet, type HarRequest } from '@readme/httpsnippet';
import { percentEncode } from './parameter-style.js';
import { SAMPLE_FILE } from './request-body.js';
import { noBodyNote, type RequestPlan } from './request-plan.js';

/** The languages written by httpsnippet, with its target and client, and how a line comment starts. */
export const SNIPPET_TARGETS = {
  python: { label: 'Python', target: 'python', client: 'requests', comment: '#' },
  go: { label: 'Go', target: 'go', client: 'native', comment: '//' },
  java: { label: 'Java', target: 'java', client: 'nethttp', comment: '//' },
} as const;

export type SnippetLanguage = keyof typeof SNIPPET_TARGETS;

const STAND_IN = 'https://origin.invalid';

/** What stands for the bytes of a file in languages that send the body as a string. */
const FILE_TEXT = '<file contents>';

/**
 * One language's sample of the plan, from httpsnippet. The plan's URL, query pairs and cookies are
 * already percent-encoded in their styles, so the request is handed over as encoded (httpsnippet's
 * own encoding would write `+` for a space and index repeated names).
 */
export function snippetSample(plan: RequestPlan, language: SnippetLanguage): string {
  const { target, client, comment } = SNIPPET_TARGETS[language];
  // httpsnippet parses the URL: an origin it cannot read (`https://<gateway-host>`) comes out mangled,
  // so it is handed a stand-in and given back in the text.
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(plan.url)?.[0] ?? '';
  const har = harRequest({ ...plan, url: STAND_IN + plan.url.slice(origin.length) }, language);
  const [converted] = new HTTPSnippet(har, { harIsAlreadyEncoded: true }).convert(target, client) || [''];
  const code = (converted ?? '').split(STAND_IN).join(origin);
  const notes = [
    ...(plan.bodyLeftOut ? [noBodyNote(plan.method)] : []),
    ...(plan.clientCertificate ? ['The server asks for a client certificate (mutual TLS).'] : []),
  ];
  return [...notes.map((note) => `${comment} ${note}`), code].join('\n');
}

function harRequest(plan: RequestPlan, language: SnippetLanguage): HarRequest {
  const headers = plan.headers.map(({ name, value }) => ({ name, value }));
  if (plan.basicAuth) headers.push({ name: 'Authorization', value: 'Basic <credentials>' });
  if (plan.cookies.length > 0) headers.push({ name: 'Cookie', value: plan.cookies.join('; ') });
  const queryString = plan.query.map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  return {
    method: plan.method,
    url: plan.url,
    httpVersion: 'HTTP/1.1',
    headers,
    cookies: [],
    queryString,
    headersSize: -1,
    bodySize: -1,
    postData: postData(plan, language),
  };
}

function postData(plan: RequestPlan, language: SnippetLanguage): HarRequest['postData'] {
  const body = plan.body;
  if (!body) return { mimeType: '' };
  switch (body.kind) {
    case 'json':
      return { mimeType: 'application/json', text: JSON.stringify(body.value ?? null) };
    case 'form':
      // requests encodes a dict of lists itself; Go and Java send the body text as written.
      return language === 'python'
        ? {
            mimeType: 'application/x-www-form-urlencoded',
            params: body.pairs.map(([name, value]) => ({ name, value })),
          }
        : {
            // Under its own type httpsnippet would rebuild the text from `params`; the header names the type.
            mimeType: 'application/octet-stream',
            text: body.pairs
              .map(
                ([name, value]) =>
                  `${percentEncode(name).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${percentEncode(value)}`,
              )
              .join('&'),
          };
    case 'multipart':
      return {
        mimeType: 'multipart/form-data',
        params: body.parts.map((part) =>
          part.text === undefined
            ? { name: part.name, fileName: SAMPLE_FILE, contentType: part.contentType ?? 'application/octet-stream' }
            : { name: part.name, value: part.text, ...(part.contentType ? { contentType: part.contentType } : {}) },
        ),
      };
    case 'text':
      return { mimeType: body.mediaType, text: body.text };
    case 'file':
      return { mimeType: body.mediaType, text: FILE_TEXT };
  }
}
