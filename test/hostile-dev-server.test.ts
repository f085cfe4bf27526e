import assert from 'node:assert/strict';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { dev } from '../generator/commands/dev.js';
import { MAX_EVENT_CLIENTS } from '../generator/dev/server.js';
import { ask, builtSite, settle } from './hostile-servers-helpers.js';

describe('specsite dev under hostile clients', () => {
  let site: Awaited<ReturnType<typeof builtSite>>;
  let port: number;
  let close: () => Promise<void>;

  before(async () => {
    site = await builtSite();
    const started = await dev({
      config: site.config,
      out: join(site.project, 'dev-out'),
      strict: false,
      cache: false,
      port: 0,
      host: '127.0.0.1',
    });
    assert.ok(started.ok, 'dev started');
    port = Number(new URL(started.url).port);
    close = started.close;
  });

  after(async () => {
    await close();
    await rm(join(site.project, '..'), { recursive: true, force: true });
  });

  test('a request that names another host, or comes from another origin, is refused (DNS rebinding)', async () => {
    const own = `127.0.0.1:${port}`;
    const refused: Array<Record<string, string>> = [
      { host: 'evil.example' },
      { host: `evil.example:${port}` },
      { host: `localhost.evil.example:${port}` },
      { host: `127.0.0.1:${port + 1}` },
      { host: `${own}@evil.example` },
      { host: own, origin: `http://evil.example:${port}` },
      { host: own, origin: 'null' },
      { host: own, origin: `https://${own}` },
    ];
    for (const headers of refused) {
      for (const path of ['/kb/docs/intro/', '/__specsite/events', '/__specsite/live-reload.js']) {
        const answer = await ask(port, path, { headers });
        assert.equal(answer.status, 403, `${JSON.stringify(headers)} ${path}`);
        assert.doesNotMatch(answer.body, /The first words|event: build/);
      }
    }
    for (const host of [own, `localhost:${port}`, `LocalHost:${port}`, `[::1]:${port}`, `app.localhost:${port}`]) {
      assert.equal((await ask(port, '/kb/docs/intro/', { headers: { host } })).status, 200, host);
    }
    assert.equal(
      (await ask(port, '/kb/docs/intro/', { headers: { host: own, origin: `http://localhost:${port}` } })).status,
      200,
    );
  });

  test('only GET and HEAD are answered; any other method is 405 with Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      for (const path of ['/kb/docs/intro/', '/__specsite/events']) {
        const answer = await ask(port, path, { method });
        assert.equal(answer.status, 405, `${method} ${path}`);
        assert.equal(answer.headers.allow, 'GET, HEAD');
      }
    }
  });

  test('pages carry nosniff and the page policy', async () => {
    const page = await ask(port, '/kb/docs/intro/');
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
    assert.match(
      String(page.headers['content-security-policy']),
      /(^|; )script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/=]+';/,
    );
    assert.match(String(page.headers['content-security-policy']), /(^|; )connect-src 'self'(;|$)/);
  });

  test('event connections are bounded, and closed when the server stops', { timeout: 30_000 }, async () => {
    const opened = await Promise.all(
      Array.from(
        { length: 100 },
        () =>
          new Promise<{ status: number; ended: Promise<void>; destroy: () => void }>((ready, failed) => {
            const sent = request({ host: '127.0.0.1', port, path: '/__specsite/events', agent: false }, (response) => {
              response.resume();
              ready({
                status: response.statusCode ?? 0,
                ended: once(response, 'end').then(() => undefined),
                destroy: () => response.destroy(),
              });
            });
            sent.on('error', failed);
            sent.end();
          }),
      ),
    );
    const statuses = opened.map((o) => o.status);
    assert.equal(statuses.filter((s) => s === 200).length, MAX_EVENT_CLIENTS);
    assert.equal(statuses.filter((s) => s === 503).length, 100 - MAX_EVENT_CLIENTS);
    // A page that goes away frees its place.
    const open = opened.filter((o) => o.status === 200);
    open.pop()?.destroy();
    await settle();
    assert.equal((await ask(port, '/__specsite/events', { method: 'HEAD' })).status, 200);
    await close();
    close = async () => undefined;
    await Promise.all(open.map((o) => o.ended));
  });
});
