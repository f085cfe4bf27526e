import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readdir, readFile, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CLI } from './helpers.js';
import { ask, builtSite, settle, type Answer } from './hostile-servers-helpers.js';

/**
 * The open-file limit `serve` runs under: a leak of one descriptor per request runs out within a
 * hundred (Node loads the CLI's modules several at a time, which needs more than 64).
 */
const FILE_LIMIT = 128;
const BIG_FILE_BYTES = 8 * 1024 * 1024;

/** Starts a download, waits for its first bytes and hangs up: a reader who closes the tab. */
function abortedDownload(port: number, path: string): Promise<void> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`),
    );
    socket.once('data', () => socket.destroy());
    // Refused or reset by a server out of descriptors: the download is over either way.
    socket.on('error', () => undefined);
    socket.on('close', () => done());
  });
}

function openFiles(pid: number): Promise<number> {
  return readdir(`/proc/${pid}/fd`).then((entries) => entries.length);
}

describe('specsite serve under hostile clients', () => {
  let site: Awaited<ReturnType<typeof builtSite>>;
  let child: ChildProcess;
  let port: number;
  let stderr = '';

  before(async () => {
    site = await builtSite();
    await writeFile(join(site.site, 'big.bin'), randomBytes(BIG_FILE_BYTES));
    await symlink(join(site.secretDir, 'secret.txt'), join(site.site, 'leak.txt'));
    await symlink(site.secretDir, join(site.site, 'leakdir'));
    await symlink(join(site.site, 'robots.txt'), join(site.site, 'alias.txt'));
    child = spawn(
      'bash',
      [
        '-c',
        `ulimit -n ${FILE_LIMIT} && exec "$0" "$@"`,
        process.execPath,
        CLI,
        'serve',
        '--config',
        site.config,
        '--out',
        site.out,
        '--port',
        '0',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const url = await new Promise<string>((found, failed) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const serving = / at (http:\/\/\S+) /.exec(output);
        if (serving?.[1]) found(serving[1]);
      });
      child.once('exit', (code) => failed(new Error(`serve exited ${code}: ${output}${stderr}`)));
    });
    port = Number(new URL(url).port);
  });

  after(async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
    await rm(join(site.project, '..'), { recursive: true, force: true });
  });

  /** The server is still the same process, answers, and has printed nothing to stderr (no stack trace). */
  async function assertAlive(): Promise<void> {
    assert.equal(child.exitCode, null, `serve exited: ${stderr}`);
    assert.equal((await ask(port, '/kb/docs/intro/')).status, 200);
    assert.equal(stderr, '');
  }

  test(
    'hundreds of aborted downloads leave no descriptor open and the server answering',
    { timeout: 60_000 },
    async () => {
      await ask(port, '/kb/');
      await settle();
      const before = await openFiles(child.pid as number);
      for (let round = 0; round < 40; round += 1)
        await Promise.all(Array.from({ length: 10 }, () => abortedDownload(port, '/kb/big.bin')));
      await settle();
      const afterwards = await openFiles(child.pid as number);
      assert.ok(afterwards <= before + 2, `open files grew from ${before} to ${afterwards} over 400 aborted downloads`);
      await assertAlive();
      // A download read to the end is whole.
      const whole = await ask(port, '/kb/big.bin');
      assert.equal(whole.status, 200);
      assert.equal(whole.body.length, BIG_FILE_BYTES);
    },
  );

  test(
    'out of descriptors, a request is answered 503 or refused, and the server lives on',
    { timeout: 60_000 },
    async () => {
      // Downloads that are never read hold their file open until they end: more than the limit allows.
      const held = await Promise.all(
        Array.from(
          { length: FILE_LIMIT },
          () =>
            new Promise<{ socket: ReturnType<typeof connect>; first: Promise<string> }>((ready) => {
              const socket = connect(port, '127.0.0.1', () => {
                socket.write(`GET /kb/big.bin HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
                const first = new Promise<string>((seen) => {
                  socket.once('data', (chunk: Buffer) => {
                    socket.pause();
                    seen(chunk.toString('latin1').split('\r\n')[0] ?? '');
                  });
                  socket.once('close', () => seen('closed'));
                });
                ready({ socket, first });
              });
              // Refused for want of descriptors: a connection like any other that the server let go.
              socket.on('error', () => ready({ socket, first: Promise.resolve('closed') }));
            }),
        ),
      );
      const firstLines = await Promise.all(held.map((h) => h.first));
      assert.ok(
        firstLines.some((line) => /^HTTP\/1\.1 503 /.test(line) || line === 'closed'),
        `no request ran out of descriptors: ${[...new Set(firstLines)].join(', ')}`,
      );
      assert.ok(
        firstLines.every((line) => /^HTTP\/1\.1 (200|503) /.test(line) || line === 'closed'),
        [...new Set(firstLines)].join(', '),
      );
      for (const { socket } of held) socket.destroy();
      await settle();
      await assertAlive();
    },
  );

  test(
    'a file removed between requests, or while it is being requested, is a 404, never a crash',
    { timeout: 60_000 },
    async () => {
      const file = join(site.site, 'docs/vanishing.txt');
      await writeFile(file, 'here\n');
      assert.equal((await ask(port, '/kb/docs/vanishing.txt')).body, 'here\n');
      await unlink(file);
      const gone = await ask(port, '/kb/docs/vanishing.txt');
      assert.equal(gone.status, 404);
      assert.match(gone.body, /<html/, "the site's own 404 page");
      // A rebuild replacing files while they are requested: every answer is the whole file or a 404.
      let writing = true;
      const churn = (async () => {
        for (let i = 0; writing; i += 1) {
          // Written whole and renamed into place, as a build's files are.
          await writeFile(`${file}.new`, `version ${i}\n`);
          await rename(`${file}.new`, file);
          await unlink(file);
        }
      })();
      const answers: Answer[] = [];
      try {
        // A few at a time, well within the open-file limit.
        for (let round = 0; round < 20; round += 1)
          answers.push(...(await Promise.all(Array.from({ length: 10 }, () => ask(port, '/kb/docs/vanishing.txt')))));
      } finally {
        writing = false;
        await churn;
      }
      for (const answer of answers) {
        if (answer.status === 200) assert.match(answer.body, /^version \d+\n$/);
        else assert.equal(answer.status, 404);
      }
      await assertAlive();
    },
  );

  test('a link inside the site to a file or folder outside it is not followed', async () => {
    for (const path of ['/kb/leak.txt', '/kb/leakdir/secret.txt', '/kb/leakdir/']) {
      const answer = await ask(port, path);
      assert.equal(answer.status, 404, path);
      assert.ok(!answer.body.includes(site.marker), `${path} served the secret`);
    }
    // A link that stays inside the site is served as its target.
    const alias = await ask(port, '/kb/alias.txt');
    assert.equal(alias.status, 200);
    assert.equal(alias.body, await readFile(join(site.site, 'robots.txt'), 'latin1'));
  });

  test('no way of writing `..` in a URL climbs out of the site', async () => {
    const up = relative(site.site, join(site.secretDir, 'secret.txt')).split('/');
    const variants = [
      `/kb/${up.join('/')}`,
      `/${up.join('/')}`,
      `/kb/${up.join('\\')}`,
      `/kb/${up.map((s) => (s === '..' ? '%2e%2e' : s)).join('/')}`,
      `/kb/${up.map((s) => (s === '..' ? '.%2E' : s)).join('/')}`,
      `/kb/${up.join('%2f')}`,
      `/kb/${up.join('%2F')}`,
      `/kb/${up.join('%5c')}`,
      `/kb/${up.map((s) => (s === '..' ? '%252e%252e' : s)).join('/')}`,
      `/kb/robots.txt%00/${up.join('/')}`,
      `/kb/%00`,
      `/kb/docs//intro/`,
      `/kb/./robots.txt/..`,
      `//${up.join('/')}`,
      `http://127.0.0.1:${port}/kb/${up.join('/')}`,
    ];
    for (const path of variants) {
      const answer = await ask(port, path);
      assert.ok(answer.status === 404 || answer.status === 400, `${path}: ${answer.status}`);
      assert.ok(!answer.body.includes(site.marker), `${path} served the secret`);
    }
    await assertAlive();
  });

  test('every answer says nosniff; pages carry a policy that allows their own head script and nothing inline besides', async () => {
    const page = await ask(port, '/kb/docs/intro/');
    assert.equal(page.headers['x-content-type-options'], 'nosniff');
    const policy = String(page.headers['content-security-policy']);
    const inline = /<script data-settings="[^"]*">([^<]*)<\/script>/.exec(page.body)?.[1];
    assert.ok(inline, 'the page has its head script');
    const script = /(?:^|; )script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
    // WebAssembly may be compiled (the search's Pagefind); eval and new Function may not.
    assert.deepEqual(script, [
      "'self'",
      "'wasm-unsafe-eval'",
      `'sha256-${createHash('sha256').update(Buffer.from(inline, 'latin1')).digest('base64')}'`,
    ]);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'self'",
      "form-action 'self'",
    ])
      assert.ok(policy.split('; ').includes(directive), `${directive} in ${policy}`);
    for (const path of ['/kb/robots.txt', '/kb/favicon.svg', '/kb/no/such/file.png']) {
      const answer = await ask(port, path, { method: 'HEAD' });
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', path);
      assert.ok(answer.headers['content-security-policy'], path);
    }
    // A file opened on its own (an SVG, say) runs no script.
    assert.match(String((await ask(port, '/kb/favicon.svg')).headers['content-security-policy']), /(^|; )sandbox(;|$)/);
  });

  test('only GET and HEAD are answered; any other method is 405 with Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const answer = await ask(port, '/kb/docs/intro/', { method });
      assert.equal(answer.status, 405, method);
      assert.equal(answer.headers.allow, 'GET, HEAD', method);
    }
    const head = await ask(port, '/kb/docs/intro/', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    await assertAlive();
  });
});
