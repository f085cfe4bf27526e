import assert from 'node:assert/strict';
import { once } from 'node:events';
import { cp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { build } from '../generator/commands/build.js';
import { dev } from '../generator/commands/dev.js';
import { createStaticServer } from '../generator/serve/static-server.js';
import { tempDir } from './helpers.js';

/**
 * `specsite serve` and `specsite dev` answer a page's route with its Markdown twin when the
 * request's `Accept` prefers Markdown, and with the page otherwise; the site is the markdown fixture
 * (base URL `/shop-docs/`), built once and served by both.
 */
const FIXTURE = 'test/fixtures/markdown-site';
const BASE = '/shop-docs/';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

interface Answer {
  status: number;
  type: string | undefined;
  vary: string | undefined;
  body: string;
}

/** A request as curl makes it: only the headers given (no `Accept` unless one is). */
function ask(origin: string, path: string, accept: string | undefined, method = 'GET'): Promise<Answer> {
  return new Promise((done, failed) => {
    const headers = accept === undefined ? {} : { accept };
    request(`${origin}${path}`, { method, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        done({
          status: response.statusCode ?? 0,
          type: response.headers['content-type'],
          vary: response.headers.vary,
          body,
        }),
      );
    })
      .on('error', failed)
      .end();
  });
}

const HTML = 'text/html; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';

describe('content negotiation: a page or its Markdown twin, as Accept prefers', () => {
  let site = '';
  const servers: Array<{ name: string; origin: string }> = [];
  const closers: Array<() => Promise<void>> = [];
  const twin = (path: string): Promise<string> => readFile(join(site, path), 'utf8');

  before(async () => {
    const project = await tempDir('negotiation');
    await cp(FIXTURE, project, { recursive: true });
    const out = await tempDir('negotiation-out');
    const built = await build({ config: join(project, 'site-config.yaml'), out, strict: false, cache: false });
    assert.ok(built.report, built.diagnostics.map((d) => d.message).join('\n'));
    site = join(out, 'site');

    const server = createStaticServer({ root: site, baseUrl: BASE });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    servers.push({ name: 'serve', origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    closers.push(async () => {
      server.closeAllConnections();
      server.close();
    });

    const started = await dev({
      config: join(project, 'site-config.yaml'),
      out: join(project, 'out'),
      strict: false,
      port: 0,
      host: '127.0.0.1',
    });
    assert.ok(started.ok, 'dev started');
    servers.push({ name: 'dev', origin: new URL(started.url).origin });
    closers.push(started.close);
  });

  after(async () => {
    for (const close of closers) await close();
  });

  const preferring: Array<[string, string]> = [
    ['text/markdown', 'text/markdown'],
    ['Markdown weighed above HTML', 'text/html;q=0.5, text/markdown'],
    ['Markdown first of equals', 'text/markdown, text/html'],
  ];
  const notPreferring: Array<[string, string | undefined]> = [
    ['HTML weighed above Markdown', 'text/html,text/markdown;q=0.9'],
    ['*/*', '*/*'],
    ['text/*', 'text/*'],
    ["a browser's Accept", BROWSER_ACCEPT],
    ['no Accept', undefined],
    ['Markdown refused', 'text/markdown;q=0'],
  ];

  for (const name of ['serve', 'dev'])
    describe(`specsite ${name}`, () => {
      const origin = (): string => (servers.find((s) => s.name === name) as { origin: string }).origin;

      for (const [label, accept] of preferring)
        test(`${label}: each page route answers with its twin, as text/markdown varying on Accept`, async () => {
          for (const [path, file] of [
            ['docs/intro/', 'docs/intro/index.md'],
            ['docs/intro', 'docs/intro/index.md'],
            ['', 'index.md'],
            ['api/shop/', 'api/shop/index.md'],
          ] as const) {
            const answer = await ask(origin(), BASE + path, accept);
            assert.deepEqual(
              { status: answer.status, type: answer.type, vary: answer.vary },
              { status: 200, type: MARKDOWN, vary: 'Accept' },
              `${path} ${label}`,
            );
            assert.equal(answer.body, await twin(file), path);
          }
        });

      for (const [label, accept] of notPreferring)
        test(`${label}: the page itself, varying on Accept`, async () => {
          const answer = await ask(origin(), `${BASE}docs/intro/`, accept);
          assert.deepEqual(
            { status: answer.status, type: answer.type, vary: answer.vary },
            { status: 200, type: HTML, vary: 'Accept' },
          );
          assert.match(answer.body, /^<!DOCTYPE html>/);
        });

      test('HEAD asks the same question and gets the same headers, without a body', async () => {
        const answer = await ask(origin(), `${BASE}docs/intro/`, 'text/markdown', 'HEAD');
        assert.deepEqual(answer, { status: 200, type: MARKDOWN, vary: 'Accept', body: '' });
      });

      test('a file that is not a page is answered as it is, whatever Accept says', async () => {
        const llms = await ask(origin(), `${BASE}llms.txt`, 'text/markdown');
        assert.deepEqual(
          { status: llms.status, type: llms.type, vary: llms.vary },
          { status: 200, type: 'text/plain; charset=utf-8', vary: undefined },
        );
        const md = await ask(origin(), `${BASE}docs/intro/index.md`, 'text/html');
        assert.deepEqual({ type: md.type, vary: md.vary }, { type: MARKDOWN, vary: undefined });
      });

      test('a route with no page is the 404 page, as before', async () => {
        const answer = await ask(origin(), `${BASE}no/such/page/`, 'text/markdown');
        assert.deepEqual(
          { status: answer.status, type: answer.type, vary: answer.vary },
          {
            status: 404,
            type: HTML,
            vary: undefined,
          },
        );
      });
    });

  test('specsite serve: a page whose twin is not there is the page, as before', async () => {
    await rm(join(site, 'docs/guides/plain/index.md'));
    const { origin } = servers[0] as { origin: string };
    const answer = await ask(origin, `${BASE}docs/guides/plain/`, 'text/markdown');
    assert.deepEqual(
      { status: answer.status, type: answer.type, vary: answer.vary },
      {
        status: 200,
        type: HTML,
        vary: undefined,
      },
    );
  });
});
